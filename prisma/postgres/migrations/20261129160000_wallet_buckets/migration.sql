-- DropTable
DROP TABLE "WalletCount";

-- CreateTable
CREATE TABLE "WalletBucket" (
    "guildId" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "wallets" INTEGER NOT NULL,

    CONSTRAINT "WalletBucket_pkey" PRIMARY KEY ("guildId","bucket")
);

-- Backfill: each server's wallets per balance range, the same ranges as balanceBucket() in
-- src/store/balance-buckets.ts (exact below 128, then 64 ranges per doubling).
INSERT INTO "WalletBucket" ("guildId", "bucket", "wallets")
SELECT "guildId", "bucket", COUNT(*) FROM (
    SELECT "guildId", CASE
        WHEN "balance" < 128 THEN "balance"
        WHEN "balance" < 256 THEN 64 + "balance" / 2
        WHEN "balance" < 512 THEN 128 + "balance" / 4
        WHEN "balance" < 1024 THEN 192 + "balance" / 8
        WHEN "balance" < 2048 THEN 256 + "balance" / 16
        WHEN "balance" < 4096 THEN 320 + "balance" / 32
        WHEN "balance" < 8192 THEN 384 + "balance" / 64
        WHEN "balance" < 16384 THEN 448 + "balance" / 128
        WHEN "balance" < 32768 THEN 512 + "balance" / 256
        WHEN "balance" < 65536 THEN 576 + "balance" / 512
        WHEN "balance" < 131072 THEN 640 + "balance" / 1024
        WHEN "balance" < 262144 THEN 704 + "balance" / 2048
        WHEN "balance" < 524288 THEN 768 + "balance" / 4096
        WHEN "balance" < 1048576 THEN 832 + "balance" / 8192
        WHEN "balance" < 2097152 THEN 896 + "balance" / 16384
        WHEN "balance" < 4194304 THEN 960 + "balance" / 32768
        WHEN "balance" < 8388608 THEN 1024 + "balance" / 65536
        WHEN "balance" < 16777216 THEN 1088 + "balance" / 131072
        WHEN "balance" < 33554432 THEN 1152 + "balance" / 262144
        WHEN "balance" < 67108864 THEN 1216 + "balance" / 524288
        WHEN "balance" < 134217728 THEN 1280 + "balance" / 1048576
        WHEN "balance" < 268435456 THEN 1344 + "balance" / 2097152
        WHEN "balance" < 536870912 THEN 1408 + "balance" / 4194304
        WHEN "balance" < 1073741824 THEN 1472 + "balance" / 8388608
        WHEN "balance" < 2147483648 THEN 1536 + "balance" / 16777216
        WHEN "balance" < 4294967296 THEN 1600 + "balance" / 33554432
        WHEN "balance" < 8589934592 THEN 1664 + "balance" / 67108864
        WHEN "balance" < 17179869184 THEN 1728 + "balance" / 134217728
        WHEN "balance" < 34359738368 THEN 1792 + "balance" / 268435456
        WHEN "balance" < 68719476736 THEN 1856 + "balance" / 536870912
        WHEN "balance" < 137438953472 THEN 1920 + "balance" / 1073741824
        WHEN "balance" < 274877906944 THEN 1984 + "balance" / 2147483648
        WHEN "balance" < 549755813888 THEN 2048 + "balance" / 4294967296
        WHEN "balance" < 1099511627776 THEN 2112 + "balance" / 8589934592
        WHEN "balance" < 2199023255552 THEN 2176 + "balance" / 17179869184
        WHEN "balance" < 4398046511104 THEN 2240 + "balance" / 34359738368
        WHEN "balance" < 8796093022208 THEN 2304 + "balance" / 68719476736
        WHEN "balance" < 17592186044416 THEN 2368 + "balance" / 137438953472
        WHEN "balance" < 35184372088832 THEN 2432 + "balance" / 274877906944
        WHEN "balance" < 70368744177664 THEN 2496 + "balance" / 549755813888
        WHEN "balance" < 140737488355328 THEN 2560 + "balance" / 1099511627776
    END AS "bucket" FROM "Wallet"
) AS "ranged" GROUP BY "guildId", "bucket";
