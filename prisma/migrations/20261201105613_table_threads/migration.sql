-- AlterTable
ALTER TABLE "GuildSettings" ADD COLUMN "threads" INTEGER NOT NULL DEFAULT 0;
