"""Personas e certames de teste para a aplicação web.

Personas: Rita (RH, administradora do certame), Carlos (membro da comissão), Ana (auditora) e
o público (sem login). O certame pequeno de Montenegro tem 5 vagas de PROF: 20% de 5 = 1 vaga
reservada a negros, a 3ª nomeação (Lei 7.344/2025, art. 1º).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.auth import get_user_model

from cotas_web.contas.models import Papel, Perfil

if TYPE_CHECKING:
    from cotas_web.certames.models import Certame

SENHA = "senha-de-teste-123"


def cpf_valido(base: str) -> str:
    """Completa 9 dígitos com os dígitos verificadores do CPF."""
    digitos = [int(d) for d in base]
    for n in (10, 11):
        soma = sum(d * p for d, p in zip(digitos, range(n, 1, -1), strict=False))
        resto = soma * 10 % 11
        digitos.append(0 if resto == 10 else resto)
    return "".join(map(str, digitos))


# inscricao, nome, cpf-base, cargo, nota, cor, reserva
LINHAS = (
    ("1001", "Alice Branco", "123456789", "PROF", "90.0", "branca", "nao"),
    ("1002", "Beatriz Parda", "234567891", "PROF", "85.0", "parda", "sim"),
    ("1003", "Caio Branco", "345678912", "PROF", "80.0", "branca", "nao"),
    ("1004", "Davi Branco", "456789123", "PROF", "75.0", "branca", "nao"),
    ("1005", "Elisa Branca", "567891234", "PROF", "70.0", "branca", "nao"),
    ("1006", "Nadia Preta", "678912345", "PROF", "65.0", "preta", "sim"),
    ("1007", "Nilo Pardo", "789123456", "PROF", "60.0", "parda", "sim"),
    ("1008", "Fabio Branco", "891234567", "PROF", "55.0", "branca", "nao"),
)
# (A Lei 7.344/2025 tem comissão: a coluna do parecer é obrigatória; vazia, como antes de ela
# ser exigida, é "sem parecer".)
CABECALHO = (
    "inscricao,nome,cpf,data_nascimento,cargo,nota,situacao,cor_raca,reserva_negros,pcd,"
    "heteroidentificacao"
)


def csv_candidatos(linhas: Any = LINHAS) -> str:
    corpo = [CABECALHO]
    for insc, nome, cpf, cargo, nota, cor, reserva in linhas:
        corpo.append(
            f"{insc},{nome},{cpf_valido(cpf)},1990-01-01,{cargo},{nota},aprovado,{cor},"
            f"{reserva},nao,"
        )
    return "\n".join(corpo) + "\n"


def criar_usuario(login: str, papel: str | None) -> Any:
    usuario = get_user_model().objects.create_user(login, password=SENHA, first_name=login)
    if papel:
        Perfil.objects.create(usuario=usuario, papel=papel)
    return usuario


@pytest.fixture
def rita(db: Any) -> Any:
    return criar_usuario("rita", Papel.ADMINISTRADOR)


@pytest.fixture
def carlos(db: Any) -> Any:
    return criar_usuario("carlos", Papel.COMISSAO)


@pytest.fixture
def ana(db: Any) -> Any:
    return criar_usuario("ana", Papel.AUDITOR)


@pytest.fixture
def sem_papel(db: Any) -> Any:
    return criar_usuario("sempapel", None)


@pytest.fixture
def arquivo_csv(tmp_path: Path) -> Path:
    caminho = tmp_path / "resultado.csv"
    caminho.write_text(csv_candidatos(), encoding="utf-8")
    return caminho


def designar_auditora(certame: Any, ana: Any) -> None:
    """Rita criou o certame e está designada para ele; Ana é a auditora designada."""
    from cotas_web.contas.permissoes import designar

    designar(usuario=ana, certame=certame)


def publicar(certame: Certame, rita: Any) -> Certame:
    """Um rascunho não aparece ao público: os certames de teste já nascem publicados no dia do
    edital (gravado direto, sem o ato: os testes contam os registros de auditoria de quem cria
    e cadastra; o ato `certame_publicar` tem os seus testes em test_vida_do_certame)."""
    from cotas_web.certames.models import Certame

    Certame.objects.filter(pk=certame.pk).update(publicado_em=certame.data_edital)
    certame.refresh_from_db()
    return certame


@pytest.fixture
def certame(rita: Any, ana: Any) -> Any:
    from cotas_web.certames.services import cargo_adicionar, certame_criar

    c = certame_criar(
        usuario=rita,
        nome="Concurso 01/2025",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
        validade_ate=date(2027, 6, 10),
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="PROF", nome="Professor", vagas_edital=5)
    designar_auditora(c, ana)
    return publicar(c, rita)


@pytest.fixture
def certame_mostardas(rita: Any, ana: Any) -> Any:
    from cotas_web.certames.services import cargo_adicionar, certame_criar

    c = certame_criar(
        usuario=rita,
        nome="Concurso Mostardas 01/2025",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2025, 3, 1),
        tipo="concurso_publico",
        validade_ate=date(2027, 3, 1),
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="PROF", nome="Professor", vagas_edital=5)
    designar_auditora(c, ana)
    return publicar(c, rita)


@pytest.fixture
def certame_com_candidatos(certame: Any, rita: Any, arquivo_csv: Path) -> Any:
    from cotas_web.candidatos.services import importacao_confirmar

    importacao_confirmar(
        usuario=rita, certame=certame, caminho=arquivo_csv, nome_arquivo="resultado.csv"
    )
    return certame


MEMBROS = (
    ("Carlos", "masculino", "preta"),
    ("Marta", "feminino", "parda"),
    ("Paulo", "masculino", "branca"),
)


@pytest.fixture
def comissao_composta(certame_com_candidatos: Any, rita: Any, carlos: Any) -> Any:
    from cotas_web.comissao.services import membro_adicionar

    for nome, genero, cor in MEMBROS:
        membro_adicionar(
            usuario=rita,
            certame=certame_com_candidatos,
            nome=nome,
            genero=genero,
            cor_raca=cor,
            usuario_membro=carlos if nome == "Carlos" else None,
        )
    return certame_com_candidatos


@pytest.fixture
def sessao(comissao_composta: Any, carlos: Any) -> Any:
    from cotas_web.comissao.services import candidatos_convocar, sessao_criar

    s = sessao_criar(
        usuario=carlos, certame=comissao_composta, data=date(2025, 7, 20), local="Prefeitura"
    )
    candidatos_convocar(usuario=carlos, sessao=s)
    return s


def verificar_todos(sessao: Any, usuario: Any, reconhece: bool = True) -> None:
    from cotas_web.comissao.services import verificacao_registrar

    membros = list(sessao.certame.membros_comissao.all())
    for conv in sessao.convocacoes.all():
        verificacao_registrar(
            usuario=usuario,
            convocacao=conv,
            compareceu=True,
            votos={m.pk: reconhece for m in membros},
        )


@pytest.fixture
def certame_homologado(sessao: Any, carlos: Any, rita: Any) -> Any:
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    verificar_todos(sessao, carlos)
    c = certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 8, 1))
    vagas_edital_ofertar(usuario=rita, certame=c, data=date(2025, 8, 2))
    c.refresh_from_db()
    return c


def falsidade_decidida(usuario: Any, procedimento: Any, *, defesa: date, decisao: date) -> None:
    """O procedimento de falsidade com a defesa registrada (`defesa`, a data) e decidido pela
    falsidade (`decisao`, a data), com as provas documentais e a autoridade."""
    from cotas_web.candidatos.services import fraude_decidir, fraude_registrar_defesa

    fraude_registrar_defesa(
        usuario=usuario, procedimento=procedimento, data=defesa, defesa="Sou preta."
    )
    fraude_decidir(
        usuario=usuario,
        procedimento=procedimento,
        data=decisao,
        decisao="falsidade",
        fundamentacao="Provas documentais.",
        autoridade="Prefeito Municipal",
    )


def entrar(client: Any, usuario: Any) -> Any:
    client.force_login(usuario)
    return client
