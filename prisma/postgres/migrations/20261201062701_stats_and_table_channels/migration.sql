-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN     "tableChannels" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Stat" ADD COLUMN     "bestPoints" INTEGER;

