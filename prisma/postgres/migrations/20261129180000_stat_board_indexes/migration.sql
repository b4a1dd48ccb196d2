-- DropIndex
DROP INDEX "Stat_guildId_game_points_idx";

-- DropIndex
DROP INDEX "Stat_guildId_game_netChips_idx";

-- DropIndex
DROP INDEX "Stat_guildId_game_won_idx";

-- CreateIndex
CREATE INDEX "Stat_guildId_game_won_points_userId_played_idx" ON "Stat"("guildId", "game", "won" DESC, "points" DESC, "userId", "played");

-- CreateIndex
CREATE INDEX "Stat_guildId_game_netChips_userId_played_idx" ON "Stat"("guildId", "game", "netChips" DESC, "userId", "played");

-- CreateIndex
CREATE INDEX "Stat_guildId_game_won_played_userId_idx" ON "Stat"("guildId", "game", "won" DESC, "played", "userId");

