-- CreateTable
CREATE TABLE "GuildChips" (
    "guildId" TEXT NOT NULL PRIMARY KEY,
    "granted" BIGINT NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GameTable" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "game" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "messageId" TEXT,
    "status" TEXT NOT NULL,
    "openChannel" TEXT,
    "creatorId" TEXT NOT NULL,
    "options" TEXT NOT NULL,
    "buyIn" INTEGER NOT NULL,
    "turnMs" INTEGER NOT NULL,
    "breakMs" INTEGER NOT NULL DEFAULT 120000,
    "state" TEXT,
    "seed" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 0,
    "deadlineAt" DATETIME,
    "endsAt" DATETIME,
    "remindedFor" DATETIME,
    "pot" BIGINT NOT NULL DEFAULT 0,
    "potShares" TEXT NOT NULL DEFAULT '[]',
    "gamesPlayed" INTEGER NOT NULL DEFAULT 0,
    "logSize" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "endedAt" DATETIME
);
INSERT INTO "new_GameTable" ("breakMs", "buyIn", "channelId", "createdAt", "creatorId", "deadlineAt", "endedAt", "endsAt", "game", "gamesPlayed", "guildId", "id", "logSize", "messageId", "openChannel", "options", "pot", "potShares", "remindedFor", "seed", "state", "status", "turnMs", "updatedAt", "version") SELECT "breakMs", "buyIn", "channelId", "createdAt", "creatorId", "deadlineAt", "endedAt", "endsAt", "game", "gamesPlayed", "guildId", "id", "logSize", "messageId", "openChannel", "options", "pot", "potShares", "remindedFor", "seed", "state", "status", "turnMs", "updatedAt", "version" FROM "GameTable";
DROP TABLE "GameTable";
ALTER TABLE "new_GameTable" RENAME TO "GameTable";
CREATE UNIQUE INDEX "GameTable_openChannel_key" ON "GameTable"("openChannel");
CREATE INDEX "GameTable_status_deadlineAt_idx" ON "GameTable"("status", "deadlineAt");
CREATE INDEX "GameTable_guildId_channelId_idx" ON "GameTable"("guildId", "channelId");
CREATE TABLE "new_LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "guildId" TEXT NOT NULL,
    "fromKind" TEXT NOT NULL,
    "fromUserId" TEXT,
    "toKind" TEXT NOT NULL,
    "toUserId" TEXT,
    "amount" BIGINT NOT NULL,
    "reason" TEXT NOT NULL,
    "tableId" TEXT,
    "createdAt" DATETIME NOT NULL
);
INSERT INTO "new_LedgerEntry" ("amount", "createdAt", "fromKind", "fromUserId", "guildId", "id", "reason", "tableId", "toKind", "toUserId") SELECT "amount", "createdAt", "fromKind", "fromUserId", "guildId", "id", "reason", "tableId", "toKind", "toUserId" FROM "LedgerEntry";
DROP TABLE "LedgerEntry";
ALTER TABLE "new_LedgerEntry" RENAME TO "LedgerEntry";
CREATE INDEX "LedgerEntry_guildId_createdAt_idx" ON "LedgerEntry"("guildId", "createdAt");
CREATE INDEX "LedgerEntry_tableId_idx" ON "LedgerEntry"("tableId");
CREATE TABLE "new_Stat" (
    "guildId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "played" INTEGER NOT NULL DEFAULT 0,
    "won" INTEGER NOT NULL DEFAULT 0,
    "netChips" BIGINT NOT NULL DEFAULT 0,
    "points" INTEGER NOT NULL DEFAULT 0,
    "bestPoints" INTEGER,

    PRIMARY KEY ("guildId", "userId", "game")
);
INSERT INTO "new_Stat" ("bestPoints", "game", "guildId", "netChips", "played", "points", "userId", "won") SELECT "bestPoints", "game", "guildId", "netChips", "played", "points", "userId", "won" FROM "Stat";
DROP TABLE "Stat";
ALTER TABLE "new_Stat" RENAME TO "Stat";
CREATE INDEX "Stat_guildId_game_won_played_userId_idx" ON "Stat"("guildId", "game", "won" DESC, "played", "userId");
CREATE INDEX "Stat_guildId_game_netChips_userId_played_idx" ON "Stat"("guildId", "game", "netChips" DESC, "userId", "played");
CREATE INDEX "Stat_guildId_game_won_points_userId_played_idx" ON "Stat"("guildId", "game", "won" DESC, "points" DESC, "userId", "played");
CREATE TABLE "new_TableSeat" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tableId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "joinOrder" INTEGER NOT NULL,
    "position" INTEGER,
    "stack" BIGINT NOT NULL DEFAULT 0,
    "brought" BIGINT NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "missedTurns" INTEGER NOT NULL DEFAULT 0,
    "away" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" DATETIME NOT NULL,
    CONSTRAINT "TableSeat_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "GameTable" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TableSeat" ("away", "brought", "id", "joinOrder", "joinedAt", "missedTurns", "position", "stack", "status", "tableId", "userId") SELECT "away", "brought", "id", "joinOrder", "joinedAt", "missedTurns", "position", "stack", "status", "tableId", "userId" FROM "TableSeat";
DROP TABLE "TableSeat";
ALTER TABLE "new_TableSeat" RENAME TO "TableSeat";
CREATE UNIQUE INDEX "TableSeat_tableId_userId_key" ON "TableSeat"("tableId", "userId");
CREATE TABLE "new_Wallet" (
    "guildId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "balance" BIGINT NOT NULL,
    "lastDailyAt" DATETIME,
    "createdAt" DATETIME NOT NULL,

    PRIMARY KEY ("guildId", "userId")
);
INSERT INTO "new_Wallet" ("balance", "createdAt", "guildId", "lastDailyAt", "userId") SELECT "balance", "createdAt", "guildId", "lastDailyAt", "userId" FROM "Wallet";
DROP TABLE "Wallet";
ALTER TABLE "new_Wallet" RENAME TO "Wallet";
CREATE INDEX "Wallet_guildId_balance_idx" ON "Wallet"("guildId", "balance");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;


-- Backfill: the chips each server has been given so far (its grant ledger rows).
INSERT INTO "GuildChips" ("guildId", "granted")
SELECT "guildId", SUM("amount") FROM "LedgerEntry" WHERE "fromKind" = 'grant' GROUP BY "guildId";
