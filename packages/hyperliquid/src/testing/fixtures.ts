/**
 * Raw Hyperliquid answers for tests: HYPERLIQUID.md section 1 examples, plus a small
 * universe (BTC, ETH, kPEPE) to resolve symbols against.
 */
export const META = {
  universe: [
    { name: 'BTC', szDecimals: 5, maxLeverage: 40, marginTableId: 56 },
    { name: 'ETH', szDecimals: 4, maxLeverage: 25, marginTableId: 55 },
    { name: 'kPEPE', szDecimals: 0, maxLeverage: 10, marginTableId: 10 },
    { name: 'OLD', szDecimals: 2, maxLeverage: 3, marginTableId: 3, isDelisted: true },
  ],
  marginTables: [],
  collateralToken: 0,
};

export const ASSET_CTX = {
  funding: '0.0000125',
  openInterest: '10.5',
  prevDayPx: '64000',
  dayNtlVlm: '1e6',
  premium: '0.0001',
  oraclePx: '65000',
  markPx: '65001',
  midPx: '65000.5',
  impactPxs: ['65000', '65001'],
  dayBaseVlm: '15.3',
};

export const ALL_MIDS = { BTC: '65000.5', ETH: '3200.25', kPEPE: '0.0123', '@1': '1.5' };

export const CLEARINGHOUSE_STATE = {
  marginSummary: {
    accountValue: '1182.31',
    totalNtlPos: '3434.8',
    totalRawUsd: '86.5',
    totalMarginUsed: '171.7',
  },
  crossMarginSummary: {
    accountValue: '1182.31',
    totalNtlPos: '3434.8',
    totalRawUsd: '86.5',
    totalMarginUsed: '171.7',
  },
  crossMaintenanceMarginUsed: '40.1',
  withdrawable: '1010.57',
  time: 1700000000000,
  assetPositions: [
    {
      type: 'oneWay',
      position: {
        coin: 'BTC',
        szi: '-0.00785',
        leverage: { type: 'cross', value: 20 },
        entryPx: '26951.0',
        positionValue: '211.64',
        unrealizedPnl: '-0.08',
        returnOnEquity: '-0.0075',
        liquidationPx: '173198.69',
        marginUsed: '10.58',
        maxLeverage: 50,
        cumFunding: { allTime: '0', sinceOpen: '0', sinceChange: '0' },
      },
    },
  ],
};

export const SPOT_STATE = {
  balances: [
    { coin: 'USDC', token: 0, total: '14.6', hold: '0.0', entryNtl: '0.0' },
    { coin: 'PURR', token: 1, total: '100.0', hold: '25.5', entryNtl: '10.0' },
    { coin: 'HFUN', token: 2, total: '0.0', hold: '0.0', entryNtl: '0.0' },
  ],
};

const openOrder = {
  coin: 'BTC',
  side: 'B',
  limitPx: '26971.0',
  sz: '0.006',
  oid: 62269698,
  timestamp: 1679940200665,
  origSz: '0.01',
  triggerCondition: 'N/A',
  isTrigger: false,
  triggerPx: '0.0',
  children: [],
  isPositionTpsl: false,
  reduceOnly: true,
  orderType: 'Limit',
  tif: 'Gtc',
  cloid: null,
};
export const FRONTEND_OPEN_ORDERS = [
  openOrder,
  {
    ...openOrder,
    coin: 'kPEPE',
    side: 'A',
    limitPx: '10.004',
    sz: '12.5',
    origSz: '12.5',
    oid: 7,
    isTrigger: true,
    triggerPx: '10.004',
    triggerCondition: 'Price above 10.004',
    orderType: 'Take Profit Market',
    tif: null,
  },
];

const fill = {
  coin: 'AVAX',
  px: '18.435',
  sz: '93.53',
  side: 'B',
  time: 1681222254710,
  startPosition: '26.86',
  dir: 'Open Long',
  closedPnl: '0.0',
  hash: '0xa166',
  oid: 90542681,
  crossed: false,
  fee: '0.01',
  feeToken: 'USDC',
  tid: 118906512037719,
  twapId: null,
};
export const USER_FILLS = [
  fill,
  { ...fill, coin: 'BTC', px: '65000', sz: '0.01', side: 'A', time: 1681222300000, fee: '0.2' },
  { ...fill, coin: 'BTC', px: '64000', sz: '0.02', time: 1681222100000 },
];

export const HISTORICAL_ORDERS = [
  { order: { ...openOrder, sz: '0.0' }, status: 'filled', statusTimestamp: 1679940200700 },
  {
    order: { ...openOrder, oid: 2, timestamp: 1679940300000, orderType: 'Market' },
    status: 'marginCanceled',
    statusTimestamp: 1679940300001,
  },
  {
    order: { ...openOrder, oid: 3, timestamp: 1679940100000, side: 'A' },
    status: 'tickRejected',
    statusTimestamp: 1679940100001,
  },
];

export const L2_BOOK = {
  coin: 'BTC',
  time: 1689630203930,
  levels: [
    [
      { px: '65000', sz: '1.5', n: 1 },
      { px: '64999', sz: '2', n: 2 },
    ],
    [
      { px: '65001', sz: '0.5', n: 1 },
      { px: '65002', sz: '3', n: 3 },
    ],
  ],
};

const candle = {
  t: 1684699200000,
  T: 1684702799999,
  s: 'kPEPE',
  i: '1h',
  o: '0.001601',
  c: '0.001604',
  h: '0.001616',
  l: '0.001601',
  v: '520665683.0',
  n: 709,
};
export const CANDLES = [
  candle,
  { ...candle, t: 1684702800000, o: '0.001604', c: '0.0017' },
  { ...candle, t: 1684706400000, o: '0.0017', c: '0.0018' },
];

export const RECENT_TRADES = [
  {
    coin: 'BTC',
    side: 'A',
    px: '65000',
    sz: '0.1',
    time: 1,
    hash: '0x1',
    tid: 11,
    users: ['0xa', '0xb'],
  },
  {
    coin: 'BTC',
    side: 'B',
    px: '65001',
    sz: '0.2',
    time: 3,
    hash: '0x2',
    tid: 12,
    users: ['0xa', '0xb'],
  },
  {
    coin: 'BTC',
    side: 'B',
    px: '65002',
    sz: '0.3',
    time: 2,
    hash: '0x3',
    tid: 13,
    users: ['0xa', '0xb'],
  },
];
