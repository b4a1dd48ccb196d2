-- CreateTable
CREATE TABLE "TableEffect" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tableId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "payload" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "messageId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "dueAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "TableEffect_status_tableId_idx" ON "TableEffect"("status", "tableId");

-- CreateIndex
CREATE INDEX "TableEffect_tableId_kind_status_idx" ON "TableEffect"("tableId", "kind", "status");

