-- AlterTable
ALTER TABLE "GameTable" ADD COLUMN     "endsAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "TableSeat" ADD COLUMN     "brought" INTEGER NOT NULL DEFAULT 0;

