<?php
[$a, $b] = array_map('intval', preg_split('/\s+/', trim(stream_get_contents(STDIN))));
echo $a + $b + 1, "\n";
