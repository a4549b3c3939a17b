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

/** Town, county and the eircode routing key of the area. */
export const TOWNS = [
  { city: 'Dublin 1', county: 'Dublin', routingKey: 'D01' },
  { city: 'Dublin 2', county: 'Dublin', routingKey: 'D02' },
  { city: 'Dublin 4', county: 'Dublin', routingKey: 'D04' },
  { city: 'Dublin 8', county: 'Dublin', routingKey: 'D08' },
  { city: 'Dublin 12', county: 'Dublin', routingKey: 'D12' },
  { city: 'Dublin 15', county: 'Dublin', routingKey: 'D15' },
  { city: 'Dublin 24', county: 'Dublin', routingKey: 'D24' },
  { city: 'Swords', county: 'Dublin', routingKey: 'K67' },
  { city: 'Dún Laoghaire', county: 'Dublin', routingKey: 'A96' },
  { city: 'Blanchardstown', county: 'Dublin', routingKey: 'D15' },
  { city: 'Cork', county: 'Cork', routingKey: 'T12' },
  { city: 'Ballincollig', county: 'Cork', routingKey: 'P31' },
  { city: 'Galway', county: 'Galway', routingKey: 'H91' },
  { city: 'Limerick', county: 'Limerick', routingKey: 'V94' },
  { city: 'Waterford', county: 'Waterford', routingKey: 'X91' },
  { city: 'Kilkenny', county: 'Kilkenny', routingKey: 'R95' },
  { city: 'Naas', county: 'Kildare', routingKey: 'W91' },
  { city: 'Maynooth', county: 'Kildare', routingKey: 'W23' },
  { city: 'Bray', county: 'Wicklow', routingKey: 'A98' },
  { city: 'Drogheda', county: 'Louth', routingKey: 'A92' },
  { city: 'Dundalk', county: 'Louth', routingKey: 'A91' },
  { city: 'Navan', county: 'Meath', routingKey: 'C15' },
  { city: 'Athlone', county: 'Westmeath', routingKey: 'N37' },
  { city: 'Sligo', county: 'Sligo', routingKey: 'F91' },
  { city: 'Tralee', county: 'Kerry', routingKey: 'V92' },
  { city: 'Ennis', county: 'Clare', routingKey: 'V95' },
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
