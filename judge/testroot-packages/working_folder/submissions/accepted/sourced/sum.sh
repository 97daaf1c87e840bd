# sourced by main.sh
add() { echo $(($1 + $2)); }
