// Realistic Irish names, places and phone numbers for the demo data.

export const FIRST_NAMES = [
  'Aoife', 'Ciara', 'Niamh', 'Siobhán', 'Sinéad', 'Orla', 'Róisín', 'Gráinne', 'Emma', 'Sarah', 'Áine', 'Clodagh', 'Eimear', 'Mairéad',
  'Seán', 'Ciarán', 'Darragh', 'Cian', 'Eoin', 'Pádraig', 'Conor', 'Declan', 'Fergal', 'Brendan', 'Colm', 'Donal', 'Liam', 'Oisín',
  'Michael', 'John', 'Patrick', 'Mary', 'Catherine', 'Deirdre', 'Kevin', 'Barry', 'Fiona', 'Dermot', 'Ronan', 'Tadhg',
] as const;

export const SURNAMES = [
  'Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Smith', "O'Brien", 'Byrne', 'Ryan', "O'Connor", "O'Neill", "O'Reilly", 'Doyle', 'McCarthy',
  'Gallagher', "O'Doherty", 'Kennedy', 'Lynch', 'Murray', 'Quinn', 'Moore', 'McLoughlin', "O'Carroll", 'Connolly', 'Daly', "O'Connell",
  'Wilson', 'Dunne', 'Brennan', 'Burke', 'Collins', 'Campbell', 'Clarke', 'Johnston', 'Hughes', 'Farrell', 'Fitzgerald', 'Brown', 'Martin',
  'Maguire', 'Nolan', 'Flynn', 'Thompson', 'Callaghan', 'Keane', 'Power', 'Kavanagh', 'Cullen', 'Hayes', 'Fagan',
] as const;

/** Town, county, the eircode routing key of the area, and the town centre's coordinates. */
export const TOWNS = [
  { city: 'Dublin 1', county: 'Dublin', routingKey: 'D01', latitude: 53.3498, longitude: -6.2603 },
  { city: 'Dublin 2', county: 'Dublin', routingKey: 'D02', latitude: 53.3382, longitude: -6.2591 },
  { city: 'Dublin 4', county: 'Dublin', routingKey: 'D04', latitude: 53.3302, longitude: -6.229 },
  { city: 'Dublin 8', county: 'Dublin', routingKey: 'D08', latitude: 53.339, longitude: -6.284 },
  { city: 'Dublin 12', county: 'Dublin', routingKey: 'D12', latitude: 53.321, longitude: -6.317 },
  { city: 'Dublin 15', county: 'Dublin', routingKey: 'D15', latitude: 53.39, longitude: -6.385 },
  { city: 'Dublin 24', county: 'Dublin', routingKey: 'D24', latitude: 53.288, longitude: -6.373 },
  { city: 'Swords', county: 'Dublin', routingKey: 'K67', latitude: 53.4597, longitude: -6.2181 },
  { city: 'Dún Laoghaire', county: 'Dublin', routingKey: 'A96', latitude: 53.294, longitude: -6.134 },
  { city: 'Blanchardstown', county: 'Dublin', routingKey: 'D15', latitude: 53.388, longitude: -6.377 },
  { city: 'Cork', county: 'Cork', routingKey: 'T12', latitude: 51.8985, longitude: -8.4756 },
  { city: 'Ballincollig', county: 'Cork', routingKey: 'P31', latitude: 51.888, longitude: -8.59 },
  { city: 'Galway', county: 'Galway', routingKey: 'H91', latitude: 53.2707, longitude: -9.0568 },
  { city: 'Limerick', county: 'Limerick', routingKey: 'V94', latitude: 52.6638, longitude: -8.6267 },
  { city: 'Waterford', county: 'Waterford', routingKey: 'X91', latitude: 52.2593, longitude: -7.1101 },
  { city: 'Kilkenny', county: 'Kilkenny', routingKey: 'R95', latitude: 52.6541, longitude: -7.2448 },
  { city: 'Naas', county: 'Kildare', routingKey: 'W91', latitude: 53.2159, longitude: -6.6669 },
  { city: 'Maynooth', county: 'Kildare', routingKey: 'W23', latitude: 53.3813, longitude: -6.5918 },
  { city: 'Bray', county: 'Wicklow', routingKey: 'A98', latitude: 53.2028, longitude: -6.0983 },
  { city: 'Drogheda', county: 'Louth', routingKey: 'A92', latitude: 53.7179, longitude: -6.3561 },
  { city: 'Dundalk', county: 'Louth', routingKey: 'A91', latitude: 54.009, longitude: -6.4049 },
  { city: 'Navan', county: 'Meath', routingKey: 'C15', latitude: 53.6528, longitude: -6.6814 },
  { city: 'Athlone', county: 'Westmeath', routingKey: 'N37', latitude: 53.4239, longitude: -7.9407 },
  { city: 'Sligo', county: 'Sligo', routingKey: 'F91', latitude: 54.2766, longitude: -8.4761 },
  { city: 'Tralee', county: 'Kerry', routingKey: 'V92', latitude: 52.2713, longitude: -9.6999 },
  { city: 'Ennis', county: 'Clare', routingKey: 'V95', latitude: 52.8436, longitude: -8.9864 },
] as const;

export const STREETS = [
  'Main Street', 'Church Street', 'Bridge Street', 'Patrick Street', 'Castle Street', 'Mill Road', 'Station Road', 'Parnell Square',
  "O'Connell Street", 'Grafton Street', 'Dame Street', 'Harcourt Street', 'Baggot Street', 'Oliver Plunkett Street', 'Shop Street',
  'Eyre Square', 'William Street', 'John Street', 'Green Street', 'Abbey Street', 'Naas Road', 'Airside Business Park',
  'Sandyford Industrial Estate', 'Park West Business Park', 'Citywest Business Campus', 'Ballycoolin Industrial Estate',
] as const;

const COMPANY_FIRST_WORDS = [
  'Liffey', 'Shannon', 'Atlantic', 'Emerald', 'Celtic', 'Boyne', 'Corrib', 'Slaney', 'Wicklow', 'Burren', 'Connacht', 'Leinster', 'Munster',
  'Ulster', 'Hibernian', 'Phoenix', 'Howth', 'Glendalough', 'Killiney', 'Dalkey', 'Kinsale', 'Achill', 'Galtee', 'Mourne', 'Lee',
  'Barrow', 'Suir', 'Nore', 'Moy', 'Erne', 'Brú', 'Tara', 'Clontarf', 'Ranelagh', 'Rathmines', 'Portobello', 'Stoneybatter', 'Docklands',
] as const;

const COMPANY_TRADES = [
  'Legal', 'Print', 'Medical Supplies', 'Dental Labs', 'Architects', 'Pharmacy', 'Engineering', 'Motor Parts', 'Florists', 'Bakery',
  'Coffee Roasters', 'Design Studio', 'Opticians', 'Accountants', 'Solicitors', 'Electrical', 'Catering', 'Software', 'Media',
  'Wine Merchants', 'Bookshop', 'Hardware', 'Fashion', 'Labs', 'Recruitment', 'Events', 'Couriers', 'Logistics', 'Estate Agents',
] as const;

const COMPANY_SUFFIXES = ['Ltd', 'Ltd', 'Ltd', 'DAC', 'Teoranta', '& Co', 'Group', 'Partners'] as const;

export function companyName(pick: <T>(items: readonly T[]) => T): string {
  return `${pick(COMPANY_FIRST_WORDS)} ${pick(COMPANY_TRADES)} ${pick(COMPANY_SUFFIXES)}`;
}

/** Irish landline area codes and mobile prefixes, for numbers in the +353 format. */
export const LANDLINE_AREAS = ['1', '21', '91', '61', '51', '56', '45', '41', '42', '46', '90', '71', '66', '65'] as const;
export const MOBILE_PREFIXES = ['83', '85', '86', '87', '89'] as const;
