"""Os atos da web dizem quem os pede com o tipo do usuário do Django, nunca `Any`: o mypy
confere que uma view passa um usuário com login (issue 12, item 6)."""

from __future__ import annotations

import importlib
import inspect
import typing

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory

MODULOS = [
    "cotas_web.auditoria.services",
    "cotas_web.candidatos.assistente",
    "cotas_web.candidatos.correcoes",
    "cotas_web.candidatos.services",
    "cotas_web.certames.selectors",
    "cotas_web.certames.services",
    "cotas_web.comissao.services",
    "cotas_web.contas.permissoes",
    "cotas_web.nomeacoes.services",
    "cotas_web.tarefas.services",
]


def _funcoes_com_usuario() -> list[tuple[str, object]]:
    achadas: list[tuple[str, object]] = []
    for nome in MODULOS:
        modulo = importlib.import_module(nome)
        for _, funcao in inspect.getmembers(modulo, inspect.isfunction):
            if funcao.__module__ == nome and "usuario" in inspect.signature(funcao).parameters:
                achadas.append((f"{nome}.{funcao.__name__}", funcao))
    return achadas


def test_quem_pede_cada_ato_tem_o_tipo_do_usuario() -> None:
    funcoes = _funcoes_com_usuario()
    assert len(funcoes) >= 30
    for nome, funcao in funcoes:
        tipo = typing.get_type_hints(funcao)["usuario"]
        assert tipo is not typing.Any, nome
        assert User in (typing.get_args(tipo) or (tipo,)), nome


@pytest.mark.django_db
def test_usuario_de_recusa_quem_nao_entrou() -> None:
    from cotas_web.contas.permissoes import usuario_de

    pedido = RequestFactory().get("/")
    pedido.user = AnonymousUser()
    with pytest.raises(PermissionDenied):
        usuario_de(pedido)
    rita = User.objects.create_user("rita-tipada")
    pedido.user = rita
    assert usuario_de(pedido) == rita
