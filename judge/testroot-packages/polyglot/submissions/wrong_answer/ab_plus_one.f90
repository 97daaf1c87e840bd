program ab
    implicit none
    integer(8) :: a, b
    read (*, *) a, b
    write (*, '(I0)') a + b + 1
end program ab
