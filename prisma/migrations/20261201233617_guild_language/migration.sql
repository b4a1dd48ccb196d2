-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GuildSettings" (
    "guildId" TEXT NOT NULL PRIMARY KEY,
    "startingGrant" INTEGER NOT NULL DEFAULT 1000,
    "dailyAmount" INTEGER NOT NULL DEFAULT 100,
    "turnMs" INTEGER NOT NULL DEFAULT 43200000,
    "defaultStakes" INTEGER NOT NULL DEFAULT 10,
    "defaultBuyIn" INTEGER NOT NULL DEFAULT 200,
    "images" INTEGER NOT NULL DEFAULT 1,
    "emojis" INTEGER NOT NULL DEFAULT 1,
    "tableChannels" TEXT NOT NULL DEFAULT '',
    "threads" INTEGER NOT NULL DEFAULT 0,
    "language" TEXT NOT NULL DEFAULT ''
);
INSERT INTO "new_GuildSettings" ("dailyAmount", "defaultBuyIn", "defaultStakes", "emojis", "guildId", "images", "startingGrant", "tableChannels", "threads", "turnMs") SELECT "dailyAmount", "defaultBuyIn", "defaultStakes", "emojis", "guildId", "images", "startingGrant", "tableChannels", "threads", "turnMs" FROM "GuildSettings";
DROP TABLE "GuildSettings";
ALTER TABLE "new_GuildSettings" RENAME TO "GuildSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

