-- CreateTable
CREATE TABLE "TableEffect" (
    "id" SERIAL NOT NULL,
    "tableId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "payload" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "messageId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TableEffect_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TableEffect_tableId_kind_status_idx" ON "TableEffect"("tableId", "kind", "status");

-- CreateIndex
CREATE INDEX "TableEffect_status_tableId_idx" ON "TableEffect"("status", "tableId");

