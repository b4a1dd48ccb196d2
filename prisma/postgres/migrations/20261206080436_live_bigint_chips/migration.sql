-- AlterTable
ALTER TABLE "GameTable" ALTER COLUMN "pot" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "LedgerEntry" ALTER COLUMN "amount" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "Stat" ALTER COLUMN "netChips" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "TableSeat" ALTER COLUMN "stack" SET DATA TYPE BIGINT,
ALTER COLUMN "brought" SET DATA TYPE BIGINT;

-- AlterTable
ALTER TABLE "Wallet" ALTER COLUMN "balance" SET DATA TYPE BIGINT;

-- CreateTable
CREATE TABLE "GuildChips" (
    "guildId" TEXT NOT NULL,
    "granted" BIGINT NOT NULL,

    CONSTRAINT "GuildChips_pkey" PRIMARY KEY ("guildId")
);


-- Backfill: the chips each server has been given so far (its grant ledger rows).
INSERT INTO "GuildChips" ("guildId", "granted")
SELECT "guildId", SUM("amount") FROM "LedgerEntry" WHERE "fromKind" = 'grant' GROUP BY "guildId";
