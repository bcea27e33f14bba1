"""Leituras de quem administra o sistema: os usuários, os papéis e as designações."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.contrib.auth.models import User

from .models import Designacao
from .permissoes import nome_do_papel


@dataclass(frozen=True)
class UsuarioNaTela:
    usuario: User
    papel: str
    designacoes: list[Any]


def usuarios() -> list[UsuarioNaTela]:
    """Todos os usuários, os ativos primeiro, com o papel e os certames designados."""
    designacoes: dict[int, list[Any]] = {}
    for d in Designacao.objects.select_related("certame").order_by("certame__nome"):
        designacoes.setdefault(d.usuario_id, []).append(d.certame)
    return [
        UsuarioNaTela(u, nome_do_papel(u), designacoes.get(u.pk, []))
        for u in User.objects.select_related("perfil").order_by(
            "-is_active", "first_name", "last_name", "username"
        )
    ]


def designacoes_de(usuario: User) -> list[Any]:
    return [
        d.certame
        for d in Designacao.objects.filter(usuario=usuario)
        .select_related("certame")
        .order_by("certame__nome")
    ]


def certames_para_designar(usuario: User) -> list[tuple[int, str]]:
    """Os certames em que o usuário ainda não está designado (os arquivados também: o auditor
    os lê)."""
    certames = apps.get_model("certames", "Certame")
    ja = Designacao.objects.filter(usuario=usuario).values_list("certame_id", flat=True)
    return [
        (c.pk, f"{c.nome} ({c.municipio}, nº {c.pk})")
        for c in certames.objects.exclude(pk__in=list(ja)).order_by("nome")
    ]
