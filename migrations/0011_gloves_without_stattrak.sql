-- Gloves never come in StatTrak™, though they drop from weapon cases: the catalogue seed marked
-- them as StatTrak-capable until 26 November 2026 (a re-seed corrects it too). Custom migration.
UPDATE `skins` SET `stattrak` = 0 WHERE `stattrak` = 1 AND `weapon` IN (SELECT `name` FROM `weapons` WHERE `category` = 'Gloves');
