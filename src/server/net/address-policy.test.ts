import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "142.250.74.110",
    "9.255.255.255", // just below 10/8
    "11.0.0.0", // just above 10/8
    "100.63.255.255", // just below 100.64/10
    "100.128.0.0", // just above 100.64/10
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255", // just below 172.16/12
    "172.32.0.0", // just above 172.16/12
    "192.0.1.1",
    "192.0.3.1",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "198.51.99.1",
    "203.0.112.1",
    "223.255.255.255", // last unicast before multicast
  ])("IPv4 %s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ["0.0.0.0", "this host"],
    ["0.1.2.3", "0/8"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.255", "CGNAT"],
    ["127.0.0.1", "loopback"],
    ["127.1.2.3", "loopback"],
    ["127.255.255.255", "loopback"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.0.1", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "IETF assignments"],
    ["192.0.2.1", "TEST-NET-1"],
    ["192.88.99.1", "6to4 relay"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "TEST-NET-2"],
    ["203.0.113.9", "TEST-NET-3"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast (SSDP)"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
  ])("IPv4 %s is refused (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:82a::200e",
    "2A00:1450:4001:082A:0000:0000:0000:200E", // expanded, upper case
    "[2606:4700:4700::1111]", // bracketed as in URLs
    "::ffff:8.8.8.8", // IPv4-mapped public
    "::ffff:808:808", // the same in hex groups
    "64:ff9b::808:808", // NAT64 of a public IPv4
    "64:ff9b::8.8.8.8",
    "2002:808:808::1", // 6to4 of 8.8.8.8
    "2001:200::1", // just past 2001::/23
    "3fff:1000::1", // just past 3fff::/20
  ])("IPv6 %s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ["::", "unspecified"],
    ["0:0:0:0:0:0:0:0", "unspecified, expanded"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback, expanded"],
    ["0000:0000:0000:0000:0000:0000:0000:0001", "loopback, zero-padded"],
    ["[::1]", "loopback in brackets"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::FFFF:7F00:1", "IPv4-mapped loopback in hex"],
    ["0:0:0:0:0:ffff:7f00:0001", "IPv4-mapped loopback, expanded"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata in hex"],
    ["::ffff:0.0.0.0", "IPv4-mapped this-host"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::8.8.8.8", "IPv4-compatible (deprecated) public"],
    ["::ffff:0:7f00:1", "IPv4-translated"],
    ["64:ff9b::127.0.0.1", "NAT64 of loopback"],
    ["64:ff9b::a00:1", "NAT64 of private"],
    ["64:ff9b:1::808:808", "local-use NAT64"],
    ["fc00::1", "unique local"],
    ["fd12:3456:789a::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with zone"],
    ["fe80::1%25eth0", "link-local with URL-encoded zone"],
    ["febf:ffff::1", "link-local upper edge"],
    ["fec0::1", "site-local (deprecated)"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001:0db8:85a3::8a2e:370:7334", "documentation"],
    ["3fff::1", "documentation (RFC 9637)"],
    ["2001::1", "Teredo"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:2::1", "benchmarking"],
    ["2001:10::1", "ORCHID"],
    ["2001:20::1", "ORCHIDv2"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2002:a00:1::", "6to4 of private"],
    ["2002:a9fe:a9fe::1", "6to4 of metadata"],
    ["100::1", "discard-only"],
    ["5f00::1", "SRv6"],
    ["4000::1", "unassigned, outside 2000::/3"],
  ])("IPv6 %s is refused (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    ["", "empty"],
    ["localhost", "a name"],
    ["example.com", "a name"],
    ["127.1", "short IPv4 form"],
    ["2130706433", "decimal IPv4"],
    ["0x7f000001", "hex IPv4"],
    ["0177.0.0.1", "octal IPv4"],
    ["010.0.0.1", "leading zero"],
    ["8.8.8.08", "leading zero on a public address"],
    ["1.2.3.256", "octet out of range"],
    ["1.2.3", "three octets"],
    ["::ffff:8.8.8.08", "mapped with a leading zero"],
    ["1::2::3", "two ::"],
    ["12345::1", "group too long"],
    ["[8.8.8.8", "unbalanced bracket"],
    ["8.8.8.8/32", "CIDR notation"],
    ["8.8.8.8:80", "with a port"],
  ])("%j is refused (%s)", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it("tolerates surrounding whitespace but not garbage", () => {
    expect(isPublicAddress(" 8.8.8.8 ")).toBe(true);
    expect(isPublicAddress("8.8.8.8x")).toBe(false);
    expect(isPublicAddress(undefined as unknown as string)).toBe(false);
  });
});
