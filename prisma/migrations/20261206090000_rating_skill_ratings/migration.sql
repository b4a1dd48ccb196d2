-- CreateTable
CREATE TABLE "RatedResult" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "tableId" TEXT NOT NULL,
    "placings" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Rating" (
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "mu" REAL NOT NULL,
    "sigma" REAL NOT NULL,
    "results" INTEGER NOT NULL,
    "lastAt" DATETIME NOT NULL,
    "score" INTEGER NOT NULL,
    "decayAt" DATETIME,

    PRIMARY KEY ("guildId", "game", "userId")
);

-- CreateTable
CREATE TABLE "RatingBucket" (
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "members" INTEGER NOT NULL,

    PRIMARY KEY ("guildId", "game", "score")
);

-- CreateTable
CREATE TABLE "RatingChange" (
    "resultId" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "place" INTEGER NOT NULL,
    "before" INTEGER,
    "after" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL,

    PRIMARY KEY ("resultId", "userId")
);

-- AlterTable (a column added in place: a copy of the table here would drop columns that other migrations add)
ALTER TABLE "GameTable" ADD COLUMN "knockouts" TEXT NOT NULL DEFAULT '{}';

-- CreateIndex
CREATE INDEX "RatedResult_guildId_game_id_idx" ON "RatedResult"("guildId", "game", "id");

-- CreateIndex
CREATE INDEX "Rating_guildId_game_score_userId_idx" ON "Rating"("guildId", "game", "score" DESC, "userId");

-- CreateIndex
CREATE INDEX "Rating_decayAt_idx" ON "Rating"("decayAt");

-- CreateIndex
CREATE INDEX "RatingChange_guildId_userId_game_resultId_idx" ON "RatingChange"("guildId", "userId", "game", "resultId");

