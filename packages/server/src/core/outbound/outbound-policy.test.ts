import { describe, expect, it } from 'vitest';
import { OutboundPolicy, refusalText } from './outbound-policy.js';
import { parseRanges } from './outbound-ranges.js';

const HOST = ['127.0.0.1', '::1', '192.0.2.2', 'fd00::2'];
const policy = (allow: string[] = [], deny: string[] = []) =>
  new OutboundPolicy({ allow, deny, hostAddresses: () => HOST });

describe('OutboundPolicy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.1.1', 'link-local'],
    ['169.254.170.2', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata (Alibaba Cloud)'],
    ['fd00:ec2::254', 'cloud metadata (AWS)'],
    ['fd00:ec2::23', 'cloud credentials (EKS Pod Identity)'],
    ['168.63.129.16', 'cloud platform (Azure WireServer)'],
  ])('refuses %s (%s) by default, naming the setting that widens it', (address, what) => {
    const refusal = policy().judge(address, 80);
    expect(refusal).toMatchObject({ why: what, widenedBy: 'RNACOS_OUTBOUND_ALLOW_CIDRS' });
    expect(refusalText(refusal!)).toContain('is refused by the outbound policy');
    expect(refusalText(refusal!)).toContain('RNACOS_OUTBOUND_ALLOW_CIDRS');
  });

  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', '127.0.0.1', 'loopback'],
    ['[::ffff:127.0.0.1]', '127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', '169.254.169.254', 'cloud metadata'],
    ['::127.0.0.1', '127.0.0.1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', '169.254.169.254', 'cloud metadata'],
    ['64:ff9b::7f00:1', '127.0.0.1', 'loopback'],
    ['::ffff:0.0.0.0', '0.0.0.0', 'unspecified'],
  ])('judges the IPv4 address inside %s', (address, ipv4, what) => {
    expect(policy().judge(address, 80)).toMatchObject({ address: ipv4, why: what });
  });

  it.each([
    '10.0.0.5',
    '172.16.3.4',
    '192.168.1.2',
    '100.64.1.1',
    '100.100.100.201',
    'fd12:3456::5',
    'fd00:ec2::1',
    '8.8.8.8',
    '2001:db8::1',
    '::ffff:10.0.0.5',
  ])('allows %s: service networks and public addresses', (address) => {
    expect(policy().judge(address, 8080)).toBeNull();
  });

  it('refuses what is no IP address (names are resolved before they are judged)', () => {
    expect(policy().judge('localhost', 80)).toMatchObject({ why: 'not an IP address', widenedBy: null });
    expect(policy().judge('2130706433', 80)).toMatchObject({ why: 'not an IP address' });
  });

  it("refuses this server's own ports on any of this host's addresses, whatever the allow list says", () => {
    const p = policy(['127.0.0.0/8', '192.0.2.0/24']);
    p.setOwnPort('HTTP', 8848);
    p.setOwnPort('gRPC', 9848);
    p.setOwnPort('console', 10848);
    expect(p.judge('127.0.0.1', 10848)).toMatchObject({ why: "this server's console port", widenedBy: null });
    expect(p.judge('127.3.4.5', 8848)).toMatchObject({ why: "this server's HTTP port" });
    expect(p.judge('192.0.2.2', 9848)).toMatchObject({ why: "this server's gRPC port" });
    expect(p.judge('::ffff:192.0.2.2', 9848)).toMatchObject({ why: "this server's gRPC port" });
    expect(p.judge('fd00::2', 8848)).toMatchObject({ why: "this server's HTTP port" });
    expect(p.judge('0.0.0.0', 8848)).toMatchObject({ why: "this server's HTTP port" });
    expect(refusalText(p.judge('127.0.0.1', 10848)!)).toContain('no setting widens it');
    // another host's 8848 is another server; this host's other ports are what the allow list says
    expect(p.judge('10.0.0.5', 8848)).toBeNull();
    expect(p.judge('192.0.2.2', 8080)).toBeNull();
    expect(p.judge('127.0.0.1', 8080)).toBeNull();
  });

  it('moves an own port when it is bound again, and ignores port 0', () => {
    const p = policy(['127.0.0.1']);
    p.setOwnPort('console', 10848);
    p.setOwnPort('console', 0);
    expect(p.judge('127.0.0.1', 10848)).toBeNull();
    p.setOwnPort('HTTP', 8848);
    p.setOwnPort('HTTP', 18848);
    expect(p.judge('127.0.0.1', 8848)).toBeNull();
    expect(p.judge('127.0.0.1', 18848)).not.toBeNull();
  });

  it('allows what RNACOS_OUTBOUND_ALLOW_CIDRS lists, and no more', () => {
    const p = policy(['127.0.0.1', 'fe80::/64', '::ffff:169.254.0.0/112']);
    expect(p.judge('127.0.0.1', 80)).toBeNull();
    expect(p.judge('::ffff:127.0.0.1', 80)).toBeNull();
    expect(p.judge('127.0.0.2', 80)).toMatchObject({ why: 'loopback' });
    expect(p.judge('fe80::1234', 80)).toBeNull();
    expect(p.judge('fe80:1::1', 80)).toMatchObject({ why: 'link-local' });
    expect(p.judge('169.254.3.4', 80)).toBeNull(); // an IPv4-mapped range is its IPv4 range
  });

  it('refuses what RNACOS_OUTBOUND_DENY_CIDRS lists, even where the allow list opens it', () => {
    const p = policy(['10.0.0.0/8'], ['10.1.0.0/16', '2001:db8::/32']);
    expect(p.judge('10.2.0.1', 80)).toBeNull();
    expect(p.judge('10.1.2.3', 80)).toMatchObject({
      why: 'in RNACOS_OUTBOUND_DENY_CIDRS 10.1.0.0/16',
      widenedBy: 'RNACOS_OUTBOUND_DENY_CIDRS',
    });
    expect(p.judge('::ffff:10.1.2.3', 80)).toMatchObject({ address: '10.1.2.3' });
    expect(p.judge('2001:db8::1', 443)).toMatchObject({ why: 'in RNACOS_OUTBOUND_DENY_CIDRS 2001:db8::/32' });
  });

  it('writes a refusal with the name that resolved to the address', () => {
    const refusal = policy().judge('::1', 8080)!;
    expect(refusalText(refusal, 'localhost')).toBe(
      'localhost ([::1]:8080) is refused by the outbound policy (loopback); RNACOS_OUTBOUND_ALLOW_CIDRS widens it',
    );
  });
});

describe('parseRanges', () => {
  it('reads addresses and CIDRs separated by commas or spaces', () => {
    expect(parseRanges(' 127.0.0.1, 10.0.0.0/8  fd00::/8,').map((r) => r.text)).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(parseRanges('')).toEqual([]);
  });

  it.each([
    'localhost',
    '10.0.0.0/33',
    '::/129',
    '0177.0.0.1',
    '2130706433',
    '10.0.0.0/8/1',
    '10.0.0.0/',
    '10.0.0.0/x',
  ])('refuses %s', (text) => {
    expect(() => parseRanges(text)).toThrow(`"${text}" is not an IP address or a CIDR range`);
  });
});
