-- The Anubis Collection Package and the Sealed Genesis and Dead Hand Terminals open without a key:
-- no published odds, no StatTrak™. Until 28 November 2026 the catalogue seed made every container
-- of cs2-lib's weapon-case type a weapon case, these three included (a re-seed corrects it too).
-- Custom migration.
UPDATE `crates` SET `kind` = 'keyless_case' WHERE `kind` = 'weapon_case' AND `key_id` IS NULL;--> statement-breakpoint
DELETE FROM `case_values` WHERE `crate_id` IN (SELECT `id` FROM `crates` WHERE `kind` = 'keyless_case');--> statement-breakpoint
UPDATE `skins` SET `stattrak` = 0 WHERE `stattrak` = 1
  AND `weapon` NOT IN (SELECT `name` FROM `weapons` WHERE `category` IN ('Knives', 'Gloves'))
  AND `id` NOT IN (SELECT `sc`.`skin_id` FROM `skin_crates` `sc` JOIN `crates` `c` ON `c`.`id` = `sc`.`crate_id` WHERE `c`.`kind` = 'weapon_case');
