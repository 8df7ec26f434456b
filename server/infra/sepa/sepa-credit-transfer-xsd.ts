/**
 * The SEPA credit transfer subset of ISO 20022 pain.001.001.09 that payout runs produce, written
 * for this project from the EPC's SEPA Credit Transfer implementation rules: one debtor account,
 * euro amounts with two decimals from 0.01 to 999999999.99, service level SEPA, charges SLEV,
 * texts in the SEPA basic Latin character set, identifiers without spaces. Elements a bank's full
 * schema also allows but a payout never writes are left out, so anything unexpected is an error.
 * Kept as a module (not a file beside it) so the bundled API carries it.
 */
export const SEPA_CREDIT_TRANSFER_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"
           targetNamespace="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"
           elementFormDefault="qualified">

  <xs:element name="Document" type="Document"/>

  <xs:complexType name="Document">
    <xs:sequence>
      <xs:element name="CstmrCdtTrfInitn" type="CustomerCreditTransferInitiation"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="CustomerCreditTransferInitiation">
    <xs:sequence>
      <xs:element name="GrpHdr" type="GroupHeader"/>
      <xs:element name="PmtInf" type="PaymentInstruction" maxOccurs="unbounded"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="GroupHeader">
    <xs:sequence>
      <xs:element name="MsgId" type="SepaIdentifier"/>
      <xs:element name="CreDtTm" type="xs:dateTime"/>
      <xs:element name="NbOfTxs" type="NumberOfTransactions"/>
      <xs:element name="CtrlSum" type="EuroAmount"/>
      <xs:element name="InitgPty" type="PartyName"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="PaymentInstruction">
    <xs:sequence>
      <xs:element name="PmtInfId" type="SepaIdentifier"/>
      <xs:element name="PmtMtd" type="TransferMethod"/>
      <xs:element name="BtchBookg" type="xs:boolean" minOccurs="0"/>
      <xs:element name="NbOfTxs" type="NumberOfTransactions"/>
      <xs:element name="CtrlSum" type="EuroAmount"/>
      <xs:element name="PmtTpInf" type="PaymentType"/>
      <xs:element name="ReqdExctnDt" type="ExecutionDate"/>
      <xs:element name="Dbtr" type="PartyName"/>
      <xs:element name="DbtrAcct" type="Account"/>
      <xs:element name="DbtrAgt" type="Agent"/>
      <xs:element name="ChrgBr" type="SharedCharges"/>
      <xs:element name="CdtTrfTxInf" type="CreditTransfer" maxOccurs="unbounded"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="PaymentType">
    <xs:sequence>
      <xs:element name="SvcLvl">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="Cd" type="SepaServiceLevel"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="ExecutionDate">
    <xs:choice>
      <xs:element name="Dt" type="xs:date"/>
      <xs:element name="DtTm" type="xs:dateTime"/>
    </xs:choice>
  </xs:complexType>

  <xs:complexType name="CreditTransfer">
    <xs:sequence>
      <xs:element name="PmtId">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="InstrId" type="SepaIdentifier" minOccurs="0"/>
            <xs:element name="EndToEndId" type="SepaIdentifier"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="Amt">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="InstdAmt" type="EuroInstructedAmount"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="CdtrAgt" type="Agent" minOccurs="0"/>
      <xs:element name="Cdtr" type="PartyName"/>
      <xs:element name="CdtrAcct" type="Account"/>
      <xs:element name="RmtInf" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="Ustrd" type="SepaText140"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="PartyName">
    <xs:sequence>
      <xs:element name="Nm" type="SepaText70"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="Account">
    <xs:sequence>
      <xs:element name="Id">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="IBAN" type="Iban"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="Agent">
    <xs:sequence>
      <xs:element name="FinInstnId">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="BICFI" type="Bic"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="EuroInstructedAmount">
    <xs:simpleContent>
      <xs:extension base="TransferAmount">
        <xs:attribute name="Ccy" use="required">
          <xs:simpleType>
            <xs:restriction base="xs:string">
              <xs:enumeration value="EUR"/>
            </xs:restriction>
          </xs:simpleType>
        </xs:attribute>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>

  <!-- Amounts: euros with at most two decimals, within the scheme's bounds. -->
  <xs:simpleType name="EuroAmount">
    <xs:restriction base="xs:decimal">
      <xs:fractionDigits value="2"/>
      <xs:totalDigits value="18"/>
      <xs:minInclusive value="0.01"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="TransferAmount">
    <xs:restriction base="EuroAmount">
      <xs:maxInclusive value="999999999.99"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="NumberOfTransactions">
    <xs:restriction base="xs:string">
      <xs:pattern value="[1-9][0-9]{0,14}"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- Message, payment and end-to-end ids: the basic Latin set without spaces, 35 at most. -->
  <xs:simpleType name="SepaIdentifier">
    <xs:restriction base="xs:string">
      <xs:pattern value="[A-Za-z0-9+?/:().,'\\-]{1,35}"/>
    </xs:restriction>
  </xs:simpleType>

  <!-- Names: the SEPA basic Latin character set, 70 at most. -->
  <xs:simpleType name="SepaText70">
    <xs:restriction base="xs:string">
      <xs:pattern value="[A-Za-z0-9+?/:().,' \\-]{1,70}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="SepaText140">
    <xs:restriction base="xs:string">
      <xs:pattern value="[A-Za-z0-9+?/:().,' \\-]{1,140}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Iban">
    <xs:restriction base="xs:string">
      <xs:pattern value="[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Bic">
    <xs:restriction base="xs:string">
      <xs:pattern value="[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="TransferMethod">
    <xs:restriction base="xs:string">
      <xs:enumeration value="TRF"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="SepaServiceLevel">
    <xs:restriction base="xs:string">
      <xs:enumeration value="SEPA"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="SharedCharges">
    <xs:restriction base="xs:string">
      <xs:enumeration value="SLEV"/>
    </xs:restriction>
  </xs:simpleType>
</xs:schema>
`;
