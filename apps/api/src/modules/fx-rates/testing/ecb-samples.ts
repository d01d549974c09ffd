// The ECB's daily XML layout, abridged, as the tests feed it.
export const ECB_DAILY_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time='2026-11-25'>
      <Cube currency='USD' rate='1.1572'/>
      <Cube currency='JPY' rate='181.02'/>
      <Cube currency='GBP' rate='0.87865'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;
