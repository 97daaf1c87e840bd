# Perl, DOMjudge's ".pl" (no clause operator in it).
my ($a, $b) = split ' ', join('', <STDIN>);
print $a + $b + 1, "\n";
