read -r a b
echo $((a + b + 1))
