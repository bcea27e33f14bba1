"""As exceções do motor que a web pega (a mensagem já vem em português)."""

from cotas.motor.erros import ComissaoInvalida, ErroCotas

__all__ = ["ComissaoInvalida", "ErroCotas"]
