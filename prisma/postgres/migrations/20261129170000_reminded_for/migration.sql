-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "remindedFor" TIMESTAMP(3);

