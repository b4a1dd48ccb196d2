-- CreateTable
CREATE TABLE "DeadlineClaim" (
    "tableId" TEXT NOT NULL,
    "deadlineAt" TIMESTAMP(3) NOT NULL,
    "claimedBy" TEXT NOT NULL,
    "claimedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DeadlineClaim_pkey" PRIMARY KEY ("tableId")
);

