-- CreateTable
CREATE TABLE "ActionLog" (
    "id" SERIAL NOT NULL,
    "tableId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "seat" INTEGER,
    "userId" TEXT,
    "payload" TEXT NOT NULL,
    "interactionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ActionLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GameTable" (
    "id" TEXT NOT NULL,
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
    "state" TEXT,
    "seed" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 0,
    "deadlineAt" TIMESTAMP(3),
    "pot" INTEGER NOT NULL DEFAULT 0,
    "potShares" TEXT NOT NULL DEFAULT '[]',
    "gamesPlayed" INTEGER NOT NULL DEFAULT 0,
    "logSize" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "GameTable_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GuildSettings" (
    "guildId" TEXT NOT NULL,
    "startingGrant" INTEGER NOT NULL DEFAULT 1000,
    "dailyAmount" INTEGER NOT NULL DEFAULT 100,
    "turnMs" INTEGER NOT NULL DEFAULT 43200000,
    "defaultStakes" INTEGER NOT NULL DEFAULT 10,
    "defaultBuyIn" INTEGER NOT NULL DEFAULT 200,

    CONSTRAINT "GuildSettings_pkey" PRIMARY KEY ("guildId")
);

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" SERIAL NOT NULL,
    "guildId" TEXT NOT NULL,
    "fromKind" TEXT NOT NULL,
    "fromUserId" TEXT,
    "toKind" TEXT NOT NULL,
    "toUserId" TEXT,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "tableId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Stat" (
    "guildId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "played" INTEGER NOT NULL DEFAULT 0,
    "won" INTEGER NOT NULL DEFAULT 0,
    "netChips" INTEGER NOT NULL DEFAULT 0,
    "points" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Stat_pkey" PRIMARY KEY ("guildId","userId","game")
);

-- CreateTable
CREATE TABLE "TableSeat" (
    "id" SERIAL NOT NULL,
    "tableId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "joinOrder" INTEGER NOT NULL,
    "position" INTEGER,
    "stack" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "missedTurns" INTEGER NOT NULL DEFAULT 0,
    "away" BOOLEAN NOT NULL DEFAULT false,
    "joinedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TableSeat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Wallet" (
    "guildId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "balance" INTEGER NOT NULL,
    "lastDailyAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Wallet_pkey" PRIMARY KEY ("guildId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "ActionLog_interactionId_key" ON "ActionLog"("interactionId");

-- CreateIndex
CREATE UNIQUE INDEX "ActionLog_tableId_seq_key" ON "ActionLog"("tableId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "GameTable_openChannel_key" ON "GameTable"("openChannel");

-- CreateIndex
CREATE INDEX "GameTable_guildId_channelId_idx" ON "GameTable"("guildId", "channelId");

-- CreateIndex
CREATE INDEX "GameTable_status_deadlineAt_idx" ON "GameTable"("status", "deadlineAt");

-- CreateIndex
CREATE INDEX "LedgerEntry_tableId_idx" ON "LedgerEntry"("tableId");

-- CreateIndex
CREATE INDEX "LedgerEntry_guildId_createdAt_idx" ON "LedgerEntry"("guildId", "createdAt");

-- CreateIndex
CREATE INDEX "Stat_guildId_game_points_idx" ON "Stat"("guildId", "game", "points");

-- CreateIndex
CREATE INDEX "Stat_guildId_game_netChips_idx" ON "Stat"("guildId", "game", "netChips");

-- CreateIndex
CREATE INDEX "Stat_guildId_game_won_idx" ON "Stat"("guildId", "game", "won");

-- CreateIndex
CREATE UNIQUE INDEX "TableSeat_tableId_userId_key" ON "TableSeat"("tableId", "userId");

-- CreateIndex
CREATE INDEX "Wallet_guildId_balance_idx" ON "Wallet"("guildId", "balance");

-- AddForeignKey
ALTER TABLE "ActionLog" ADD CONSTRAINT "ActionLog_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "GameTable"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TableSeat" ADD CONSTRAINT "TableSeat_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "GameTable"("id") ON DELETE CASCADE ON UPDATE CASCADE;

