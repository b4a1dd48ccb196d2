-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN "remindedFor" DATETIME;

