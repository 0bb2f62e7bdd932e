-- Every knife finish comes in StatTrak™. Until 28 November 2026 the catalogue seed marked only the
-- knives cs2-lib lists in a weapon case (142 of 556, Karambit | Fade among them, were not); a
-- re-seed corrects it too, and adds their demo StatTrak™ prices. Custom migration.
UPDATE `skins` SET `stattrak` = 1 WHERE `stattrak` = 0 AND `weapon` IN (SELECT `name` FROM `weapons` WHERE `category` = 'Knives');
