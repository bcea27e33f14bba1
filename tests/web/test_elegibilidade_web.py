"""A elegibilidade além da cor na aplicação web, com a lei de TESTE da escola pública
(tests/leis/escola-publica-br: reserva a negros com ao menos 7 anos da educação básica em escola
pública, campo `anos_escola_publica`). A importação guarda o valor de cada campo que a lei
declara e a reencenação o leva ao motor: o resultado é o da linha de comando (`cotas apurar`)
sobre o mesmo arquivo."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame
from cotas_web.ponte import catalogo, reencenacao
from tests.cli.conftest import rodar_so_com

from .conftest import cpf_valido, designar_auditora, publicar

pytestmark = pytest.mark.django_db

LEIS = Path(__file__).resolve().parents[1] / "leis"
LEI = LEIS / "escola-publica-br" / "lei-1-2026.toml"
EDITAL = date(2026, 3, 1)
CABECALHO = "inscricao,nome,cpf,data_nascimento,cargo,nota,situacao,cor_raca,pcd,"
CABECALHO += "reserva_negros,anos_escola_publica"
# ADM, 3 vagas: 20% × 3 = 0,6 → 1 reservada, na 3ª nomeação. 203 é parda e optou, mas declarou
# 6 anos (abaixo do mínimo): fora da lista de negros, embora à frente de 204 (preta, 7 anos).
LINHAS = (
    ("201", 95, "branca", "nao", 0),
    ("202", 90, "branca", "nao", 3),
    ("203", 85, "parda", "sim", 6),
    ("204", 80, "preta", "sim", 7),
    ("205", 70, "branca", "nao", 12),
)


@pytest.fixture(autouse=True)
def lei_da_escola_publica(settings: Any) -> Any:
    """O catálogo da aplicação com a lei de teste (gancho `COTAS_LEIS_EXTRAS`)."""
    settings.COTAS_LEIS_EXTRAS = [str(LEI)]
    catalogo.catalogo.cache_clear()
    yield
    catalogo.catalogo.cache_clear()


def _csv() -> str:
    linhas = [
        f"{i},Pessoa {i},{cpf_valido(f'{int(i) * 7919:09d}')},1990-01-01,ADM,{nota},aprovado,"
        f"{cor},nao,{optou},{anos}"
        for i, nota, cor, optou, anos in LINHAS
    ]
    return "\n".join([CABECALHO, *linhas]) + "\n"


@pytest.fixture
def arquivo(tmp_path: Path) -> Path:
    caminho = tmp_path / "escola.csv"
    caminho.write_text(_csv(), encoding="utf-8")
    return caminho


def _certame_escola(rita: Any, nome: str, **extra: Any) -> Certame:
    """Um certame da lei de teste da escola pública com o cargo ADM de 3 vagas."""
    from cotas_web.certames.services import cargo_adicionar, certame_criar

    c = certame_criar(
        usuario=rita,
        nome=nome,
        municipio="Escola Pública/BR",
        data_edital=EDITAL,
        tipo="concurso_publico",
        **extra,
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="ADM", nome="Agente", vagas_edital=3)
    return c


@pytest.fixture
def homologado(rita: Any, ana: Any, arquivo: Path) -> Certame:
    from cotas_web.candidatos.services import importacao_confirmar
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    c = _certame_escola(rita, "Concurso escola pública", validade_ate=date(2028, 3, 1))
    designar_auditora(c, ana)
    c = publicar(c, rita)
    importacao_confirmar(usuario=rita, certame=c, caminho=arquivo, nome_arquivo="escola.csv")
    c = certame_homologar(usuario=rita, certame=c, data=date(2026, 4, 2))
    vagas_edital_ofertar(usuario=rita, certame=c, data=date(2026, 4, 3))
    c.refresh_from_db()
    return c


def _nomear_todas(c: Certame, rita: Any) -> None:
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    cargo = c.cargos.get()
    for i in range(3):
        proposta = propostas_do_motor(certame=c)[0]
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=proposta.inscricao,
            portaria=f"{i + 1}/2026",
            data_portaria=date(2026, 4, 10),
        )


def _pela_linha_de_comando(arquivo: Path) -> list[tuple[str, str]]:
    """As nomeações de `cotas apurar` sobre o mesmo arquivo: (inscrição, lista)."""
    cenario = arquivo.with_name("cenario.toml")
    cenario.write_text(
        "[certame]\n"
        'nome = "Concurso escola pública"\n'
        'municipio = "Escola Pública/BR"\n'
        "data_edital = 2026-03-01\n"
        'tipo = "concurso_publico"\n'
        f'candidatos = "{arquivo.name}"\n\n'
        '[[cargos]]\ncodigo = "ADM"\nnome = "Agente"\nvagas = 3\n',
        encoding="utf-8",
    )
    r = rodar_so_com(LEI, "apurar", cenario, "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    (cargo,) = json.loads(r.stdout)["cargos"]
    return [(n["inscricao"], n["modalidade"]) for n in cargo["nomeacoes"]]


def test_a_importacao_guarda_o_campo_que_a_lei_declara(homologado: Certame) -> None:
    anos = dict(Candidato.objects.values_list("inscricao", "campos__anos_escola_publica"))
    assert anos == {i: a for i, _, _, _, a in LINHAS}


def test_a_lista_reservada_so_tem_quem_cumpre_o_minimo_como_na_linha_de_comando(
    homologado: Certame, rita: Any, arquivo: Path
) -> None:
    motor = reencenacao.reencenar(homologado)
    assert [c.inscricao for c in motor.lista("ADM", "negros")] == ["204"]
    # O quadro guardado (`cotas_web.ponte.quadro`) e o lido do banco dizem o mesmo.
    assert [c.inscricao for c in reencenacao.reencenar(homologado).lista("ADM", "negros")] == [
        "204"
    ]
    assert [
        c.inscricao for c in reencenacao.reencenar(homologado, do_banco=True).lista("ADM", "negros")
    ] == ["204"]
    _nomear_todas(homologado, rita)
    web = [(n.inscricao, n.modalidade) for n in reencenacao.reencenar(homologado).nomeacoes("ADM")]
    assert web == [("201", "ampla"), ("202", "ampla"), ("204", "negros")]
    assert web == _pela_linha_de_comando(arquivo)


# -- o campo da lei corrigido depois da homologação -------------------------------------------

CAMPO = "campos.anos_escola_publica"


def _corrigir_203(rita: Any, valor: str = "7") -> Any:
    from cotas_web.candidatos.correcoes import candidato_corrigir

    return candidato_corrigir(
        usuario=rita,
        candidato=Candidato.objects.get(inscricao="203"),
        campo=CAMPO,
        valor=valor,
        motivo="O histórico escolar do recurso comprova 7 anos em escola pública",
        fundamento="Decisão do recurso nº 9/2026",
        data=date(2026, 4, 20),
    )


def _verificar_auditoria() -> tuple[int, str]:
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    saida, erros = StringIO(), StringIO()
    try:
        call_command("verificar_auditoria", stdout=saida, stderr=erros)
    except CommandError as erro:
        return erro.returncode, erros.getvalue() + str(erro)
    return 0, saida.getvalue()


def test_o_campo_da_lei_se_corrige_com_registro_e_as_nomeacoes_publicadas_ficam(
    homologado: Certame, rita: Any
) -> None:
    """203 (parda, optou) declarou 6 anos; o recurso comprova 7. A correção é um ato com motivo
    e fundamento, registrado; dela em diante 203 está na lista de negros, à frente de 204, mas a
    vaga de negros já publicada (204, por portaria) não muda."""
    from django.db import connection

    from cotas_web.auditoria.acoes import AcaoAuditada
    from cotas_web.auditoria.models import Registro
    from cotas_web.candidatos.models import Correcao

    _nomear_todas(homologado, rita)
    correcao = _corrigir_203(rita)
    assert (correcao.campo, correcao.anterior, correcao.novo) == (CAMPO, "6", "7")
    assert Candidato.objects.get(inscricao="203").campos == {"anos_escola_publica": 7}
    registro = Registro.objects.filter(acao=AcaoAuditada.CANDIDATO_CORRIGIDO).get()
    assert "anos de estudo da educação básica em escola pública 6 → 7" in registro.descricao
    assert registro.fundamento == "Decisão do recurso nº 9/2026"
    motor = reencenacao.reencenar(homologado)
    assert [c.inscricao for c in motor.lista("ADM", "negros")] == ["203", "204"]
    assert [(n.inscricao, n.modalidade) for n in motor.nomeacoes("ADM")] == [
        ("201", "ampla"),
        ("202", "ampla"),
        ("204", "negros"),
    ]
    # O mesmo valor de novo é recusado; um valor que não é inteiro, com o rótulo do campo.
    with pytest.raises(Exception, match="o valor pedido é o que já está gravado"):
        _corrigir_203(rita)
    with pytest.raises(Exception, match="Anos de estudo da educação básica em escola pública: "):
        _corrigir_203(rita, valor="sete")
    with pytest.raises(Exception, match="valor vazio"):
        _corrigir_203(rita, valor="")
    assert Correcao.objects.count() == 1
    # A conferência pelo registro explica o valor novo; o mesmo valor mudado por fora, não.
    codigo, texto = _verificar_auditoria()
    assert codigo == 0, texto
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE candidatos_candidato SET campos = %s WHERE inscricao = '203'",
            ['{"anos_escola_publica": 9}'],
        )
    codigo, texto = _verificar_auditoria()
    assert codigo == 1 and "inscrição 203" in texto and "7 pela última correção" in texto


def test_a_correcao_do_campo_da_lei_vale_da_data_dela_em_diante(
    homologado: Certame, rita: Any
) -> None:
    """Só a primeira vaga nomeada (201) antes da correção: a vaga de negros, a 3ª, é nomeada
    depois, já com o valor corrigido, e vai a 203."""
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    cargo = homologado.cargos.get()
    nomeacao_confirmar(
        usuario=rita,
        cargo=cargo,
        inscricao="201",
        portaria="1/2026",
        data_portaria=date(2026, 4, 10),
    )
    _corrigir_203(rita)
    assert [p.inscricao for p in propostas_do_motor(certame=homologado)][:2] == ["202", "203"]


def test_a_tela_corrige_o_campo_da_lei_e_a_previa_o_mostra(
    client: Any, homologado: Certame, rita: Any, arquivo: Path
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from .conftest import entrar

    entrar(client, rita)
    c203 = Candidato.objects.get(inscricao="203")
    url = reverse("candidatos:detalhe", args=[homologado.pk, c203.pk])
    html = client.get(url).content.decode()
    rotulo = "Anos de estudo da educação básica em escola pública"
    assert f"<dt>{rotulo}</dt><dd>6</dd>" in html
    assert f'<option value="{CAMPO}">{rotulo}</option>' in html
    corrigir = reverse("candidatos:corrigir", args=[homologado.pk, c203.pk])
    dados = {
        "campo": CAMPO,
        "valor": "sete",
        "data": "2026-04-20",
        "motivo": "Recurso",
        "fundamento": "Decisão do recurso nº 9/2026",
    }
    html = client.post(corrigir, dados).content.decode()
    assert "Confirmar:" not in html and f"{rotulo}: valor" in html
    html = client.post(corrigir, {**dados, "valor": "7"}).content.decode()
    assert f"{rotulo.lower()} 6 → 7, em 20/04/2026" in html
    client.post(corrigir, {**dados, "valor": "7", "confirmar": "1"})
    html = client.get(url).content.decode()
    assert f"<dt>{rotulo}</dt><dd>7</dd>" in html
    assert f"<td>{rotulo}</td><td>6</td><td>7</td>" in html
    # A prévia de uma importação mostra o valor de cada linha (num certame ainda aberto).
    outro = _certame_escola(rita, "Concurso escola pública 2")
    envio = SimpleUploadedFile("escola.csv", arquivo.read_bytes(), "text/csv")
    html = client.post(reverse("candidatos:importar", args=[outro.pk]), {"arquivo": envio})
    texto = html.content.decode()
    assert f'<th scope="col">{rotulo}</th>' in texto
    assert "<td>6</td>" in texto and "<td>12</td>" in texto
