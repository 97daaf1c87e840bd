// A name-based UUID (RFC 4122 version 5: SHA-1 of a namespace and a name), for the uuid of an
// exported package: the same problem gives the same uuid on every export, on every machine.
#pragma once

#include <string>

namespace judge {

/// The version-5 UUID of `name` in the URL namespace (6ba7b811-9dad-11d1-80b4-00c04fd430c8),
/// lower-case hex with dashes; Python's uuid.uuid5(uuid.NAMESPACE_URL, name) gives the same.
std::string name_based_uuid(const std::string& name);

}  // namespace judge
