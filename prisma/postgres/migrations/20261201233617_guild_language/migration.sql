-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN     "language" TEXT NOT NULL DEFAULT '';

