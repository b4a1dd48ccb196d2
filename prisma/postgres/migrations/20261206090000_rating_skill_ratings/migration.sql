-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "knockouts" TEXT NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "RatedResult" (
    "id" SERIAL NOT NULL,
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "tableId" TEXT NOT NULL,
    "placings" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RatedResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rating" (
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "results" INTEGER NOT NULL,
    "lastAt" TIMESTAMP(3) NOT NULL,
    "score" INTEGER NOT NULL,
    "decayAt" TIMESTAMP(3),

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("guildId","game","userId")
);

-- CreateTable
CREATE TABLE "RatingBucket" (
    "guildId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "members" INTEGER NOT NULL,

    CONSTRAINT "RatingBucket_pkey" PRIMARY KEY ("guildId","game","score")
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
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RatingChange_pkey" PRIMARY KEY ("resultId","userId")
);

-- CreateIndex
CREATE INDEX "RatedResult_guildId_game_id_idx" ON "RatedResult"("guildId", "game", "id");

-- CreateIndex
CREATE INDEX "Rating_guildId_game_score_userId_idx" ON "Rating"("guildId", "game", "score" DESC, "userId");

-- CreateIndex
CREATE INDEX "Rating_decayAt_idx" ON "Rating"("decayAt");

-- CreateIndex
CREATE INDEX "RatingChange_guildId_userId_game_resultId_idx" ON "RatingChange"("guildId", "userId", "game", "resultId");

