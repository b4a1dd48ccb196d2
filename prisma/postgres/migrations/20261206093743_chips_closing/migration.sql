-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "endAfterGame" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN     "maxTables" INTEGER NOT NULL DEFAULT 3;

-- CreateIndex
CREATE INDEX "GameTable_guildId_creatorId_status_idx" ON "GameTable"("guildId", "creatorId", "status");

-- CreateIndex
CREATE INDEX "GameTable_status_createdAt_idx" ON "GameTable"("status", "createdAt");

