import type { TwoDigitYearCentury } from '@courier/domain/common/calendar-days';
import type { DriverProfileSection, DriverProfileSections } from '@courier/domain/drivers/profile';

// The words staff read for the driver profile (spec 2 §3 'Driver profile'): each section's title
// and its fields' labels, in the order the form shows them. The keys are the domain schema's.

export type ProfileFieldKind = 'text' | 'phone' | 'day' | 'flag';

export interface ProfileField<S extends DriverProfileSection> {
  key: keyof DriverProfileSections[S] & string;
  label: string;
  kind: ProfileFieldKind;
  placeholder?: string;
  /** A day field's reading of a two-digit year: 'past' where the day cannot be after today. */
  century?: TwoDigitYearCentury;
}

type SectionFields = { [S in DriverProfileSection]: { title: string; fields: readonly ProfileField<S>[] } };

export const PROFILE_SECTIONS: SectionFields = {
  personal: {
    title: 'Personal details',
    fields: [
      { key: 'dateOfBirth', label: 'Date of birth', kind: 'day', century: 'past' },
      { key: 'nationality', label: 'Nationality', kind: 'text' },
      { key: 'ppsNumber', label: 'PPS number', kind: 'text', placeholder: '1234567TW' },
    ],
  },
  contact: {
    title: 'Contact',
    fields: [
      { key: 'addressLineOne', label: 'Address line one', kind: 'text' },
      { key: 'addressLineTwo', label: 'Address line two', kind: 'text' },
      { key: 'city', label: 'City or town', kind: 'text' },
      { key: 'county', label: 'County', kind: 'text' },
      { key: 'eircode', label: 'Eircode', kind: 'text', placeholder: 'D02 X285' },
      { key: 'alternativePhone', label: 'Alternative phone', kind: 'phone' },
    ],
  },
  rightToWork: {
    title: 'Right to work',
    fields: [
      { key: 'status', label: 'Status', kind: 'text', placeholder: 'e.g. Irish citizen, Stamp 4' },
      { key: 'documentNumber', label: 'Document number', kind: 'text' },
      { key: 'expiryDate', label: 'Permission expires', kind: 'day' },
      { key: 'verified', label: 'Documents checked by the office', kind: 'flag' },
    ],
  },
  licence: {
    title: 'Licence',
    fields: [
      { key: 'hasLicence', label: 'Holds a driving licence', kind: 'flag' },
      { key: 'licenceNumber', label: 'Licence number', kind: 'text' },
      { key: 'categories', label: 'Categories', kind: 'text', placeholder: 'e.g. AM, A, B' },
      { key: 'issuingCountry', label: 'Issuing country', kind: 'text' },
      { key: 'expiryDate', label: 'Licence expires', kind: 'day' },
    ],
  },
  vehicle: {
    title: 'Vehicle',
    fields: [
      { key: 'make', label: 'Make', kind: 'text' },
      { key: 'model', label: 'Model', kind: 'text' },
      { key: 'colour', label: 'Colour', kind: 'text' },
      { key: 'insurer', label: 'Insurer', kind: 'text' },
      { key: 'insurancePolicyNumber', label: 'Insurance policy number', kind: 'text' },
      { key: 'insuranceExpiryDate', label: 'Insurance expires', kind: 'day' },
      { key: 'ownVehicle', label: 'Driver owns the vehicle', kind: 'flag' },
    ],
  },
  emergency: {
    title: 'Emergency contact',
    fields: [
      { key: 'contactName', label: 'Contact name', kind: 'text' },
      { key: 'relationship', label: 'Relationship', kind: 'text' },
      { key: 'phone', label: 'Contact phone', kind: 'phone' },
    ],
  },
  payment: {
    title: 'Payment',
    fields: [
      { key: 'accountName', label: 'Account name', kind: 'text' },
      { key: 'iban', label: 'IBAN', kind: 'text', placeholder: 'IE29 AIBK 9311 5212 3456 78' },
      { key: 'bic', label: 'BIC', kind: 'text', placeholder: 'AIBKIE2D' },
    ],
  },
  consents: {
    title: 'Consents',
    fields: [
      { key: 'dataProcessing', label: 'Agrees to the processing of their data', kind: 'flag' },
      { key: 'backgroundCheck', label: 'Agrees to a background check', kind: 'flag' },
      { key: 'marketing', label: 'Agrees to receive news and offers', kind: 'flag' },
      { key: 'signedOn', label: 'Signed on', kind: 'day' },
    ],
  },
};
