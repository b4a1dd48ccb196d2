-- CreateTable
CREATE TABLE "WalletCount" (
    "guildId" TEXT NOT NULL,
    "wallets" INTEGER NOT NULL,

    CONSTRAINT "WalletCount_pkey" PRIMARY KEY ("guildId")
);

-- Backfill: the wallets each server already has.
INSERT INTO "WalletCount" ("guildId", "wallets") SELECT "guildId", COUNT(*) FROM "Wallet" GROUP BY "guildId";
