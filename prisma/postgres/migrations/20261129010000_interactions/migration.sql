-- CreateTable
CREATE TABLE "Interaction" (
    "id" TEXT NOT NULL,
    "tableId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Interaction_pkey" PRIMARY KEY ("id")
);

