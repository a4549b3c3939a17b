import { Paper, Tabs } from '@mantine/core';
import { AddressBook } from './address-book.tsx';

/** /addresses (spec 1 §2): the public address book, no company filter. */
export function AddressesScreen() {
  return (
    <Tabs defaultValue="public">
      <Tabs.List>
        <Tabs.Tab value="public">Public Address Book</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="public" pt="md">
        <Paper withBorder p="md">
          <AddressBook companyId={null} />
        </Paper>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The company Address Book tab. */
export function CompanyAddressBookTab({ companyId }: { companyId: number }) {
  return <AddressBook companyId={companyId} />;
}
