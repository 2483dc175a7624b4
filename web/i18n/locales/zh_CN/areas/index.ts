/** The areas' packs (texts and resource labels), one file per area: see areas/*.ts. */
import account from './account';
import cdk from './cdk';
import client from './client';
import financial from './financial';
import games from './games';
import goods from './goods';
import inventory from './inventory';
import member from './member';
import merchant from './merchant';
import operate from './operate';
import order from './order';
import recommend from './recommend';
import rent from './rent';
import social from './social';
import specialConfig from './specialConfig';
import statistics from './statistics';
import system from './system';
import contractDrift from './contractDrift';

export default { account, cdk, client, financial, games, goods, inventory, member, merchant, operate, order, recommend, rent, social, specialConfig, statistics, system, contractDrift };
