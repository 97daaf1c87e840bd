#pragma once
constexpr int kOffset = {{offset}};
