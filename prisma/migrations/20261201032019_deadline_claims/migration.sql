-- CreateTable
CREATE TABLE "DeadlineClaim" (
    "tableId" TEXT NOT NULL PRIMARY KEY,
    "deadlineAt" DATETIME NOT NULL,
    "claimedBy" TEXT NOT NULL,
    "claimedAt" DATETIME NOT NULL
);

