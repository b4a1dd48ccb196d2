-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "prize" BIGINT NOT NULL DEFAULT 0;

