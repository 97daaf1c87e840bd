% The reading half of ab.pl: two numbers from the whole of stdin.
:- module(pair_io, [read_pair/2]).

read_pair(X, Y) :-
    read_string(user_input, _, Text),
    split_string(Text, " \n", " \n", Parts),
    exclude(==(""), Parts, [A, B]),
    number_string(X, A),
    number_string(Y, B).
