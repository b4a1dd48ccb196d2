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
    "prize" BIGINT NOT NULL DEFAULT 0,
    "potShares" TEXT NOT NULL DEFAULT '[]',
    "gamesPlayed" INTEGER NOT NULL DEFAULT 0,
    "logSize" INTEGER NOT NULL DEFAULT 0,
    "endAfterGame" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "endedAt" DATETIME,
    "knockouts" TEXT NOT NULL DEFAULT '{}'
);
INSERT INTO "new_GameTable" ("breakMs", "buyIn", "channelId", "createdAt", "creatorId", "deadlineAt", "endAfterGame", "endedAt", "endsAt", "game", "gamesPlayed", "guildId", "id", "knockouts", "logSize", "messageId", "openChannel", "options", "pot", "potShares", "remindedFor", "seed", "state", "status", "turnMs", "updatedAt", "version") SELECT "breakMs", "buyIn", "channelId", "createdAt", "creatorId", "deadlineAt", "endAfterGame", "endedAt", "endsAt", "game", "gamesPlayed", "guildId", "id", "knockouts", "logSize", "messageId", "openChannel", "options", "pot", "potShares", "remindedFor", "seed", "state", "status", "turnMs", "updatedAt", "version" FROM "GameTable";
DROP TABLE "GameTable";
ALTER TABLE "new_GameTable" RENAME TO "GameTable";
CREATE UNIQUE INDEX "GameTable_openChannel_key" ON "GameTable"("openChannel");
CREATE INDEX "GameTable_status_deadlineAt_idx" ON "GameTable"("status", "deadlineAt");
CREATE INDEX "GameTable_guildId_channelId_idx" ON "GameTable"("guildId", "channelId");
CREATE INDEX "GameTable_guildId_creatorId_status_idx" ON "GameTable"("guildId", "creatorId", "status");
CREATE INDEX "GameTable_status_createdAt_idx" ON "GameTable"("status", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

