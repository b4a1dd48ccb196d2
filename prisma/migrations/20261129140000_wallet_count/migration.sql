-- CreateTable
CREATE TABLE "WalletCount" (
    "guildId" TEXT NOT NULL PRIMARY KEY,
    "wallets" INTEGER NOT NULL
);


-- Backfill: the wallets each server already has.
INSERT INTO "WalletCount" ("guildId", "wallets") SELECT "guildId", COUNT(*) FROM "Wallet" GROUP BY "guildId";
