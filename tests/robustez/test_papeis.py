"""A matriz de acesso gerada do URLconf: toda rota × toda identidade × dois certames.

As rotas vêm de `get_resolver()`: uma view nova entra na matriz sozinha (e, se tiver um parâmetro
que a tabela `_PARAMETROS` não conhece, o teste falha pedindo que ele seja incluído). Cada papel
é por certame: o RH e o auditor designados para um certame, a comissão que integra um certame,
nunca veem nem agem no outro (403 ou 404); no seu, veem o que o seu papel permite.
"""

# (as fixtures partilhadas de tests/web entram por import e voltam como parâmetros)
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.web.conftest import MEMBROS, arquivo_csv, criar_usuario, verificar_todos  # noqa: F401

pytestmark = pytest.mark.django_db

JPEG = b"\xff\xd8\xff\xe0 foto"


@dataclass(frozen=True)
class Rota:
    nome: str  # "app:nome"
    parametros: tuple[str, ...]
    papeis: tuple[str, ...]


def _padroes(resolver: Any = None, prefixo: str = "") -> list[tuple[str, URLPattern]]:
    saida = []
    for p in (resolver or get_resolver()).url_patterns:
        if isinstance(p, URLResolver):
            saida += _padroes(p, f"{p.namespace}:" if p.namespace else prefixo)
        else:
            saida.append((f"{prefixo}{p.name}", p))
    return saida


def rotas_do_certame() -> list[Rota]:
    """As rotas que têm o certame no endereço (`pk`) e não são públicas de propósito."""
    rotas = []
    for nome, padrao in _padroes():
        parametros = tuple(padrao.pattern.regex.groupindex)
        papeis = tuple(getattr(padrao.callback, "papeis", ()))
        if "pk" in parametros and "publico" not in papeis:
            rotas.append(Rota(nome, parametros, papeis))
    return rotas


def _certame_completo(nome: str, rh: Any, membro: Any, csv: Any) -> dict[str, Any]:
    """Um certame de Montenegro com tudo o que as rotas pedem: sessão, convocação, gravação,
    recurso, procedimento por declaração falsa e nomeação."""
    from cotas_web.candidatos.services import (
        fraude_abrir,
        importacao_confirmar,
    )
    from cotas_web.certames.services import cargo_adicionar, certame_criar, certame_homologar
    from cotas_web.comissao.services import (
        candidatos_convocar,
        gravacao_anexar,
        membro_adicionar,
        recurso_decidir,
        recurso_interpor,
        sessao_criar,
    )
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import (
        candidato_registrar_desistencia,
        nomeacao_confirmar,
        vagas_edital_ofertar,
        vagas_novas_ofertar,
    )

    c = certame_criar(
        usuario=rh,
        nome=nome,
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
        validade_ate=date(2027, 6, 10),
    )
    cargo = cargo_adicionar(usuario=rh, certame=c, codigo="PROF", nome="Professor", vagas_edital=5)
    importacao = importacao_confirmar(usuario=rh, certame=c, caminho=csv, nome_arquivo="r.csv")
    for nome_membro, genero, cor in MEMBROS:
        membro_adicionar(
            usuario=rh,
            certame=c,
            nome=nome_membro,
            genero=genero,
            cor_raca=cor,
            usuario_membro=membro if nome_membro == "Carlos" else None,
        )
    sessao = sessao_criar(usuario=membro, certame=c, data=date(2025, 7, 20), local="Sala")
    candidatos_convocar(usuario=membro, sessao=sessao)
    verificar_todos(sessao, membro)
    conv = sessao.convocacoes.first()
    assert conv is not None
    gravacao = gravacao_anexar(
        usuario=membro, convocacao=conv, arquivo=SimpleUploadedFile("f.jpg", JPEG, "image/jpeg")
    )
    recurso = recurso_interpor(
        usuario=membro,
        candidato=conv.candidato,
        recorrente="terceiro",
        recorrente_nome="X",
        razoes="y",
        data=date(2025, 7, 25),
    )
    recurso_decidir(
        usuario=membro,
        recurso=recurso,
        decisao="improvido",
        resultado_final="",
        fundamentacao="z",
        data=date(2025, 7, 26),
    )
    certame_homologar(usuario=rh, certame=c, data=date(2025, 8, 1))
    vagas_edital_ofertar(usuario=rh, certame=c, data=date(2025, 8, 2))
    primeira = propostas_do_motor(certame=c)[0]
    nomeacao = nomeacao_confirmar(
        usuario=rh,
        cargo=cargo,
        inscricao=primeira.inscricao,
        portaria="1/2025",
        data_portaria=date(2025, 8, 3),
    )
    # (o procedimento por declaração falsa é contra quem optou pela reserva)
    candidato = [x for x in c.candidatos.exclude(pk=nomeacao.candidato_id) if x.reservas][-1]
    proc = fraude_abrir(usuario=rh, candidato=candidato, data=date(2025, 8, 4), motivo="m")
    # (os atos que se tornam sem efeito: uma desistência e uma oferta de novas vagas)
    desistente = c.candidatos.exclude(pk__in=[nomeacao.candidato_id, candidato.pk]).first()
    desistencia = candidato_registrar_desistencia(
        usuario=rh, candidato=desistente, data=date(2025, 8, 5)
    )
    oferta = vagas_novas_ofertar(
        usuario=rh, cargo=cargo, data=date(2025, 8, 5), quantidade=1, justificativa="j"
    )
    return {
        "pk": c.pk,
        "sid": sessao.pk,
        "vid": conv.pk,
        "gid": gravacao.pk,
        "rid": recurso.pk,
        "cid": candidato.pk,
        "fid": proc.pk,
        "nid": nomeacao.pk,
        "iid": importacao.pk,
        "cargo_id": cargo.pk,
        "did": desistencia.pk,
        "oid": oferta.pk,
        "acao": "decisao",
        "formato": "csv",
        "tipo": "homologacao",  # (um texto para publicar)
    }


# Identidade -> (papel, certame a que pertence).
IDENTIDADES = {
    "anonimo": (None, None),
    "rh_a": ("administrador", "A"),
    "rh_b": ("administrador", "B"),
    "comissao_a": ("comissao", "A"),
    "comissao_b": ("comissao", "B"),
    "auditor_a": ("auditor", "A"),
    "auditor_b": ("auditor", "B"),
}


@pytest.fixture
def mundo(arquivo_csv: Any) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Dois certames completos, cada um com o seu RH (que o criou), a sua comissão e o seu
    auditor designado."""
    from cotas_web.contas.permissoes import designar

    usuarios = {
        nome: criar_usuario(nome, papel)
        for nome, (papel, _) in IDENTIDADES.items()
        if papel is not None
    }
    certames = {}
    for letra in ("A", "B"):
        sufixo = letra.lower()
        certames[letra] = _certame_completo(
            f"Concurso {letra}",
            usuarios[f"rh_{sufixo}"],
            usuarios[f"comissao_{sufixo}"],
            arquivo_csv,
        )
        from cotas_web.certames.models import Certame

        designar(
            usuario=usuarios[f"auditor_{sufixo}"],
            certame=Certame.objects.get(pk=certames[letra]["pk"]),
        )
    return certames, usuarios


# Os valores que uma rota pede diferentes dos das demais (os textos para publicar saem em PDF e
# DOCX, não em CSV).
POR_ROTA: dict[str, dict[str, Any]] = {"textos:texto": {"formato": "docx"}}


def _url(rota: Rota, valores: dict[str, Any]) -> str:
    valores = {**valores, **POR_ROTA.get(rota.nome, {})}
    desconhecidos = [p for p in rota.parametros if p not in valores]
    assert not desconhecidos, (
        f"A rota {rota.nome} tem parâmetro(s) {desconhecidos} que a matriz não sabe preencher: "
        "inclua-os em _certame_completo."
    )
    return reverse(rota.nome, kwargs={p: valores[p] for p in rota.parametros})


def test_a_matriz_cobre_as_rotas_do_certame() -> None:
    nomes = {r.nome for r in rotas_do_certame()}
    assert len(nomes) >= 25
    assert {
        "certames:detalhe",
        "comissao:gravacao",
        "nomeacoes:novas_vagas",
        "candidatos:fraude_acao",
        "publico:ata",
    } <= nomes


@pytest.mark.parametrize("identidade", list(IDENTIDADES))
def test_matriz_de_acesso_por_certame(mundo: Any, identidade: str) -> None:
    certames, usuarios = mundo
    papel, meu = IDENTIDADES[identidade]
    cliente = Client()
    if papel is not None:
        cliente.force_login(usuarios[identidade])
    falhas = []
    for letra, valores in certames.items():
        for rota in rotas_do_certame():
            url = _url(rota, valores)
            for metodo in ("get", "post"):
                if metodo == "post" and letra == meu:
                    continue  # (um POST no próprio certame mudaria o estado: fora da matriz)
                status = getattr(cliente, metodo)(url).status_code
                if papel is None:
                    esperado: tuple[int, ...] = (302,)
                elif letra != meu:
                    esperado = (403, 404)
                elif papel in rota.papeis:
                    esperado = (200, 302)
                else:
                    esperado = (403,)
                if status not in esperado:
                    falhas.append(
                        f"{identidade} {metodo.upper()} {rota.nome} ({letra}): "
                        f"{status}, esperado {esperado}"
                    )
    assert not falhas, "\n".join(falhas)


def test_o_rh_de_um_certame_nao_o_ve_na_lista_do_outro(mundo: Any) -> None:
    _, usuarios = mundo
    cliente = Client()
    cliente.force_login(usuarios["rh_b"])
    html = cliente.get(reverse("certames:inicio")).content.decode()
    assert "Concurso B" in html and "Concurso A" not in html
