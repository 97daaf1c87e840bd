#include "problems/name_uuid.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace judge {

namespace {

std::uint32_t rotate_left(std::uint32_t value, int bits) {
    return (value << bits) | (value >> (32 - bits));
}

// SHA-1 (FIPS 180-4), only as RFC 4122 version 5 needs it: not for anything secret.
std::array<std::uint8_t, 20> sha1(const std::vector<std::uint8_t>& message) {
    std::array<std::uint32_t, 5> h = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    std::vector<std::uint8_t> data = message;
    std::uint64_t bit_length = static_cast<std::uint64_t>(message.size()) * 8;
    data.push_back(0x80);
    while (data.size() % 64 != 56) data.push_back(0);
    for (int shift = 56; shift >= 0; shift -= 8)
        data.push_back(static_cast<std::uint8_t>(bit_length >> shift));
    for (std::size_t block = 0; block < data.size(); block += 64) {
        std::array<std::uint32_t, 80> w{};
        for (int t = 0; t < 16; ++t)
            w[t] = static_cast<std::uint32_t>(data[block + 4 * t]) << 24 |
                   static_cast<std::uint32_t>(data[block + 4 * t + 1]) << 16 |
                   static_cast<std::uint32_t>(data[block + 4 * t + 2]) << 8 |
                   static_cast<std::uint32_t>(data[block + 4 * t + 3]);
        for (int t = 16; t < 80; ++t)
            w[t] = rotate_left(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
        std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (int t = 0; t < 80; ++t) {
            std::uint32_t f, k;
            if (t < 20) {
                f = (b & c) | (~b & d);
                k = 0x5A827999;
            } else if (t < 40) {
                f = b ^ c ^ d;
                k = 0x6ED9EBA1;
            } else if (t < 60) {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8F1BBCDC;
            } else {
                f = b ^ c ^ d;
                k = 0xCA62C1D6;
            }
            std::uint32_t next = rotate_left(a, 5) + f + e + k + w[t];
            e = d;
            d = c;
            c = rotate_left(b, 30);
            b = a;
            a = next;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
    std::array<std::uint8_t, 20> digest{};
    for (int i = 0; i < 20; ++i)
        digest[i] = static_cast<std::uint8_t>(h[i / 4] >> (24 - 8 * (i % 4)));
    return digest;
}

}  // namespace

std::string name_based_uuid(const std::string& name) {
    static const std::uint8_t url_namespace[16] = {0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1,
                                                   0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8};
    std::vector<std::uint8_t> message(url_namespace, url_namespace + 16);
    message.insert(message.end(), name.begin(), name.end());
    std::array<std::uint8_t, 20> digest = sha1(message);
    digest[6] = static_cast<std::uint8_t>((digest[6] & 0x0F) | 0x50);  // version 5
    digest[8] = static_cast<std::uint8_t>((digest[8] & 0x3F) | 0x80);  // RFC 4122 variant
    static const char hex[] = "0123456789abcdef";
    std::string text;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
        text += hex[digest[i] >> 4];
        text += hex[digest[i] & 0x0F];
    }
    return text;
}

}  // namespace judge
