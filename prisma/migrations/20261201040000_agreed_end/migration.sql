-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN "endsAt" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TableSeat" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tableId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "joinOrder" INTEGER NOT NULL,
    "position" INTEGER,
    "stack" INTEGER NOT NULL DEFAULT 0,
    "brought" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "missedTurns" INTEGER NOT NULL DEFAULT 0,
    "away" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" DATETIME NOT NULL,
    CONSTRAINT "TableSeat_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "GameTable" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TableSeat" ("away", "id", "joinOrder", "joinedAt", "missedTurns", "position", "stack", "status", "tableId", "userId") SELECT "away", "id", "joinOrder", "joinedAt", "missedTurns", "position", "stack", "status", "tableId", "userId" FROM "TableSeat";
DROP TABLE "TableSeat";
ALTER TABLE "new_TableSeat" RENAME TO "TableSeat";
CREATE UNIQUE INDEX "TableSeat_tableId_userId_key" ON "TableSeat"("tableId", "userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

