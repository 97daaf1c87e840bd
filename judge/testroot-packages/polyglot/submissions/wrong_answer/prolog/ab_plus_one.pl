% Prolog (a clause's `:-` in it): the package format's ".pl".
main :-
    read_string(user_input, _, Text),
    split_string(Text, " \n", " \n", Parts),
    exclude(==(""), Parts, [A, B]),
    number_string(X, A),
    number_string(Y, B),
    Z is X + Y + 1,
    format("~w~n", [Z]).
