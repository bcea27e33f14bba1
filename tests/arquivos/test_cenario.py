"""Leitura do cenário TOML: exemplos publicados, esquema, sintaxe e conferências cruzadas."""

from __future__ import annotations

import json
import tomllib
from datetime import date
from decimal import Decimal
from pathlib import Path
from textwrap import dedent

import jsonschema
import pytest

from cotas.arquivos.cenario import Cargo, Pcd, TipoCertame, TipoEvento, ler_cenario
from cotas.arquivos.erros import ErrosDeEntrada
from cotas.motor.candidatos import CorRaca, Heteroidentificacao
from tests.arquivos.colunas import completar

RAIZ = Path(__file__).resolve().parents[2]
EXEMPLOS = sorted((RAIZ / "exemplos").glob("*/cenario.toml"))
ESQUEMA = json.loads((RAIZ / "schema" / "cenario.schema.json").read_text(encoding="utf-8"))

CANDIDATOS = (
    "inscricao;nome;cargo;nota;cor_raca;reserva_negros\n"
    "1;Ana;PROF;8;parda;sim\n"
    "2;Bia;PROF;7;branca;não\n"
    "3;Caio;ADM;6;preta;sim\n"
)

BASE = """\
[certame]
nome = "Concurso 01/2025"
municipio = "Montenegro/RS"
data_edital = 2025-06-10
tipo = "concurso_publico"
candidatos = "candidatos.csv"

[[cargos]]
codigo = "PROF"
nome = "Professor"
vagas = 3

[[cargos]]
codigo = "ADM"
nome = "Agente"
vagas = 1
"""


def montar(pasta: Path, extra: str = "", base: str = BASE, candidatos: str = CANDIDATOS) -> Path:
    # (com as colunas obrigatórias que o teste não examina, nos valores de antes)
    (pasta / "candidatos.csv").write_text(completar(candidatos), encoding="utf-8")
    caminho = pasta / "cenario.toml"
    caminho.write_text(base + dedent(extra), encoding="utf-8")
    return caminho


def erros_de(caminho: Path) -> ErrosDeEntrada:
    with pytest.raises(ErrosDeEntrada) as excinfo:
        ler_cenario(caminho)
    return excinfo.value


def para_json(valor: object) -> object:
    """TOML → JSON: datas viram texto ISO 8601."""
    if isinstance(valor, dict):
        return {k: para_json(v) for k, v in valor.items()}
    if isinstance(valor, list):
        return [para_json(v) for v in valor]
    if isinstance(valor, date):
        return valor.isoformat()
    return valor


def validar_esquema(caminho: Path) -> None:
    dados = tomllib.loads(caminho.read_text(encoding="utf-8"))
    jsonschema.validate(
        para_json(dados), ESQUEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )


# ---------------------------------------------------------------- exemplos publicados


# Os exemplos municipais (três cargos, eventos) e o federal (um cargo, três grupos).
MUNICIPAIS = [p for p in EXEMPLOS if p.parent.name != "federal-15142"]


def test_ha_os_tres_exemplos() -> None:
    assert [p.parent.name for p in EXEMPLOS] == ["federal-15142", "montenegro", "mostardas"]


def test_exemplo_federal_lido_sem_erros_nem_avisos_com_os_tres_grupos() -> None:
    cenario = ler_cenario(RAIZ / "exemplos" / "federal-15142" / "cenario.toml")
    assert cenario.avisos == [] and cenario.orgao == "autarquia"
    assert len(cenario.candidatos) == 90
    optantes = {
        g: sum(c.optou(g) for c in cenario.candidatos)
        for g in ("pretos_pardos", "indigenas", "quilombolas")
    }
    assert all(optantes.values()), optantes
    # (a de indígenas vem dos dados da lei; a de quilombolas, que nenhuma fonte oficial lida
    # fixa, o exemplo informa)
    assert cenario.parametros_lei["quilombolas.verificacao"]["valor"] == "documental"  # type: ignore[index]


def test_esquema_e_valido() -> None:
    jsonschema.Draft202012Validator.check_schema(ESQUEMA)


@pytest.mark.parametrize("caminho", EXEMPLOS, ids=lambda p: p.parent.name)
def test_exemplos_seguem_o_esquema(caminho: Path) -> None:
    validar_esquema(caminho)


@pytest.mark.parametrize("caminho", MUNICIPAIS, ids=lambda p: p.parent.name)
def test_exemplos_sao_lidos_sem_erros_nem_avisos(caminho: Path) -> None:
    cenario = ler_cenario(caminho)
    assert cenario.avisos == []
    assert len(cenario.cargos) == 3
    inscritos = [sum(c.cargo == g.codigo for c in cenario.candidatos) for g in cenario.cargos]
    assert inscritos == {"montenegro": [62, 74, 45], "mostardas": [70, 48, 40]}[caminho.parent.name]
    assert cenario.pcd == Pcd(Decimal(5), "cima", Decimal(20))
    por_inscricao = {c.inscricao: c for c in cenario.candidatos}
    for evento in cenario.eventos:
        assert evento.cargo in {c.codigo for c in cenario.cargos}
        if evento.inscricao is not None:
            candidato = por_inscricao[evento.inscricao]
            assert candidato.cor_raca in (CorRaca.PRETA, CorRaca.PARDA) and candidato.optou(
                "negros"
            )
            assert evento.cargo == candidato.cargo  # derivado do candidato


def test_exemplo_de_montenegro() -> None:
    cenario = ler_cenario(RAIZ / "exemplos" / "montenegro" / "cenario.toml")
    assert cenario.municipio == "Montenegro/RS" and cenario.lei is None
    assert cenario.data_edital == date(2025, 6, 10)
    assert cenario.tipo is TipoCertame.CONCURSO_PUBLICO
    assert cenario.desempate == [("nota_conhecimentos_especificos", "maior")]
    assert [c.vagas for c in cenario.cargos] == [10, 13, 4]
    assert [e.tipo for e in cenario.eventos] == [
        TipoEvento.DESISTENCIA,
        TipoEvento.NOVAS_VAGAS,
        TipoEvento.ANULACAO,
    ]
    pareceres = {c.verificacao("negros") for c in cenario.candidatos}
    h = Heteroidentificacao
    assert pareceres == {
        h.CONFIRMADO,
        h.NAO_CONFIRMADO,
        h.AUSENTE,
        h.RECUSOU_FILMAGEM,
        h.RECUSOU_PERGUNTAS,
        None,
    }  # (todos menos o pendente; None: sem parecer)
    assert cenario.arquivo_candidatos.name == "candidatos.csv"


def test_exemplo_de_mostardas_sem_comissao() -> None:
    cenario = ler_cenario(RAIZ / "exemplos" / "mostardas" / "cenario.toml")
    assert cenario.municipio == "Mostardas/RS"
    assert all(c.verificacao("negros") is None for c in cenario.candidatos)
    assert [e.tipo for e in cenario.eventos].count(TipoEvento.NOVAS_VAGAS) == 2


# ---------------------------------------------------------------- leitura


def test_cenario_completo(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        """
        [pcd]
        percentual = 10
        arredondamento = "meio"

        [[desempate]]
        coluna = "titulos"
        sentido = "menor"

        [parametros_lei]
        "negros.limiar_vagas" = { valor = 3, justificativa = "Edital, item 4.1" }
        percentual = { valor = 12.5, justificativa = "Lei 4.016/2004" }

        [[eventos]]
        data = 2025-08-01
        tipo = "desistencia"
        inscricao = 1
        """,
        candidatos="inscricao;nome;cargo;nota;titulos\n1;Ana;PROF;8;2\n2;Bia;ADM;7;1,5\n",
    )
    cenario = ler_cenario(caminho)
    assert cenario.pcd == Pcd(Decimal(10), "meio", Decimal(20))
    assert cenario.desempate == [("titulos", "menor")]
    assert cenario.candidatos[1].desempate == (("titulos", Decimal("1.5")),)
    assert cenario.parametros_lei["negros.limiar_vagas"] == {
        "valor": 3,
        "justificativa": "Edital, item 4.1",
    }
    assert cenario.parametros_lei["percentual"] == {
        "valor": Decimal("12.5"),
        "justificativa": "Lei 4.016/2004",
    }
    [evento] = cenario.eventos
    assert (evento.inscricao, evento.cargo, evento.data) == ("1", "PROF", date(2025, 8, 1))
    assert cenario.cargos[0] == Cargo("PROF", "Professor", 3)
    assert not cenario.permite_final_de_fila and cenario.validade_ate is None


def test_erro_de_sintaxe_toml_com_linha_e_coluna(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path, base='[certame]\nnome = "X"\ndata_edital = 2025-06-10\ntipo = concurso\n'
    )
    [erro] = erros_de(caminho).erros
    assert (erro.arquivo, erro.linha, erro.coluna) == ("cenario.toml", 4, 8)
    assert str(erro) == (
        "cenario.toml, linha 4, coluna 8: erro de sintaxe TOML: valor inválido "
        "(textos vão entre aspas; datas como 2025-06-10)"
    )


def test_chave_repetida_no_fim_do_documento(tmp_path: Path) -> None:
    caminho = montar(tmp_path, base='[certame]\nnome = "X"\nnome = "Y"\n')
    [erro] = erros_de(caminho).erros
    assert erro.linha is not None and "chave repetida" in erro.mensagem


def test_erros_de_esquema_todos_juntos_com_caminho_e_linha(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        base="""\
[certame]
nome = "Concurso"
data_edital = "10/06/2025"
tipo = "concurso"
candidatos = "candidatos.csv"

[[cargos]]
codigo = "PROF"
nome = "Professor"
vagas = 3

[[cargos]]
codigo = "ADM"
nome = "Agente"
vagas = -1
""",
    )
    erros = erros_de(caminho)
    assert [(e.chave, e.linha) for e in erros.erros] == [
        ("certame", 1),  # falta municipio ou lei
        ("certame.data_edital", 3),
        ("certame.tipo", 4),
        ("cargos[2].vagas", 15),
    ]
    assert str(erros.erros[3]) == (
        'cenario.toml, linha 15, chave "cargos[2].vagas": '
        "deve ser um inteiro maior ou igual a 0 (encontrado: -1)"
    )


def test_chaves_desconhecidas_sao_avisos(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        '\n[[eventos]]\ndata = 2025-07-01\ntipo = "desistencia"\n'
        'inscricao = "1"\nmotivo = "x"\n\n[outra]\na = 1\n',
    )
    cenario = ler_cenario(caminho)
    assert [(a.chave, a.linha) for a in cenario.avisos] == [
        ("outra", 24),
        ("eventos[1].motivo", 22),
    ]


def test_evento_com_inscricao_desconhecida(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        """
        [[eventos]]
        data = 2025-07-01
        tipo = "desistencia"
        inscricao = "99"
        """,
    )
    [erro] = erros_de(caminho).erros
    assert (erro.chave, erro.linha) == ("eventos[1].inscricao", 21)
    assert erro.mensagem == 'a inscrição "99" não está no arquivo de candidatos'


def test_eventos_invalidos(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        """
        [[eventos]]
        data = 2025-07-01
        tipo = "novas_vagas"
        cargo = "PROF"

        [[eventos]]
        data = 2025-07-02
        tipo = "final_de_fila"
        inscricao = "2"

        [[eventos]]
        data = 2025-05-01
        tipo = "desistencia"
        inscricao = "1"
        cargo = "ADM"

        [[eventos]]
        data = 2025-07-03
        tipo = "promocao"
        cargo = "XYZ"
        """,
    )
    erros = erros_de(caminho)
    assert [e.chave for e in erros.erros] == [
        "eventos[1].quantidade",
        "eventos[1].justificativa",
        "eventos[2].tipo",  # final_de_fila sem permissão do edital
        "eventos[3].data",  # antes do edital
        "eventos[4].tipo",
        "eventos[4].cargo",
        "eventos[3].cargo",  # a inscrição 1 é de PROF
    ]
    assert "permite_final_de_fila = true" in erros.erros[2].mensagem


def test_final_de_fila_quando_o_edital_permite(tmp_path: Path) -> None:
    base = BASE.replace(
        'tipo = "concurso_publico"', 'tipo = "concurso_publico"\npermite_final_de_fila = true'
    )
    caminho = montar(
        tmp_path,
        '\n[[eventos]]\ndata = 2025-07-01\ntipo = "final_de_fila"\ninscricao = "2"\n',
        base=base,
    )
    cenario = ler_cenario(caminho)
    assert cenario.permite_final_de_fila
    assert cenario.eventos[0].tipo is TipoEvento.FINAL_DE_FILA


def test_erros_dos_dois_arquivos_juntos(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        base=BASE.replace("vagas = 1", "vagas = 1.5"),
        candidatos="inscricao;nome;cargo;nota\n1;Ana;PROF;oito\n",
    )
    erros = erros_de(caminho)
    assert [(e.arquivo, e.linha) for e in erros.erros] == [
        ("cenario.toml", 16),
        ("candidatos.csv", 2),
    ]


def test_cargo_do_candidato_fora_de_cargos(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        candidatos="inscricao;nome;cargo;nota\n1;Ana;PROF;8\n2;Bia;MOT;7\n3;Caio;MOT;6\n",
    )
    erros = erros_de(caminho)
    [erro] = erros.erros
    assert str(erro) == (
        'candidatos.csv, linha 3, coluna "cargo": o cargo "MOT" (2 candidatos) '
        "não está nos [[cargos]] de cenario.toml"
    )
    [aviso] = erros.avisos  # ADM ficou sem candidatos
    assert aviso.chave == "cargos[2]" and aviso.linha == 13


def test_arquivo_de_candidatos_inexistente(tmp_path: Path) -> None:
    caminho = montar(tmp_path, base=BASE.replace("candidatos.csv", "outro.csv"))
    [erro] = erros_de(caminho).erros
    assert (erro.chave, erro.linha) == ("certame.candidatos", 6)


def test_parametro_da_lei_sem_justificativa(tmp_path: Path) -> None:
    caminho = montar(tmp_path, "\n[parametros_lei]\npercentual = { valor = 12 }\nlimiar = 3\n")
    erros = erros_de(caminho)
    assert [(e.chave, e.linha) for e in erros.erros] == [
        ("parametros_lei.percentual.justificativa", 19),
        ("parametros_lei.limiar", 20),
    ]


def test_desempate_com_coluna_padrao_ou_repetida(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path,
        '\n[[desempate]]\ncoluna = "nota"\nsentido = "maior"\n'
        '\n[[desempate]]\ncoluna = "x"\nsentido = "mais"\n',
    )
    assert [e.chave for e in erros_de(caminho).erros] == [
        "desempate[1].coluna",
        "desempate[2].sentido",
    ]


def test_pcd_fora_dos_limites(tmp_path: Path) -> None:
    caminho = montar(tmp_path, '\n[pcd]\npercentual = 0\narredondamento = "acima"\nteto = 120\n')
    assert [e.chave for e in erros_de(caminho).erros] == [
        "pcd.percentual",
        "pcd.arredondamento",
        "pcd.teto",
    ]


# ------------------------------------------------ o esquema recusa o que o leitor recusa


@pytest.mark.parametrize(
    ("trecho", "novo"),
    [
        ("vagas = 1", "vagas = -1"),
        ('municipio = "Montenegro/RS"\n', ""),
        ('tipo = "concurso_publico"', 'tipo = "concurso"'),
    ],
)
def test_esquema_recusa_cenarios_invalidos(tmp_path: Path, trecho: str, novo: str) -> None:
    caminho = montar(tmp_path, base=BASE.replace(trecho, novo))
    with pytest.raises(jsonschema.ValidationError):
        validar_esquema(caminho)
    erros_de(caminho)


def test_esquema_recusa_final_de_fila_sem_permissao(tmp_path: Path) -> None:
    caminho = montar(
        tmp_path, '\n[[eventos]]\ndata = 2025-07-01\ntipo = "final_de_fila"\ninscricao = "2"\n'
    )
    with pytest.raises(jsonschema.ValidationError):
        validar_esquema(caminho)
    erros_de(caminho)


def test_publicacao_da_lei_registrada_pelo_operador(tmp_path: Path) -> None:
    base = BASE.replace(
        "data_edital = 2025-06-10\n",
        "data_edital = 2025-04-07\npublicacao_lei = 2025-04-10\n"
        'lei_publicada = "montenegro-rs/lei-7344-2025"\n',
    )
    cenario = ler_cenario(montar(tmp_path, base=base))
    assert cenario.data_publicacao_lei == date(2025, 4, 10)
    assert cenario.lei_publicada == "montenegro-rs/lei-7344-2025"
    validar_esquema(tmp_path / "cenario.toml")

    sem_lei = base.replace('lei_publicada = "montenegro-rs/lei-7344-2025"\n', "")
    cenario = ler_cenario(montar(tmp_path, base=sem_lei))
    assert cenario.data_publicacao_lei == date(2025, 4, 10)
    assert cenario.lei_publicada is None  # a apuração escolhe a lei mais recente do município

    so_a_lei = base.replace("publicacao_lei = 2025-04-10\n", "")
    [erro] = erros_de(montar(tmp_path, base=so_a_lei)).erros
    assert (erro.chave, erro.linha) == ("certame.lei_publicada", 5)


def test_indice_de_blocos_igual_ao_das_chaves() -> None:
    """A linha de cada bloco (`eventos[3]`) pela busca só de blocos é a da varredura completa."""
    from cotas.arquivos.cenario import _indice_de_blocos, _indice_de_chaves

    arquivos = [*RAIZ.glob("tests/motor/cenarios/*.toml"), *RAIZ.glob("exemplos/*/cenario.toml")]
    assert arquivos
    for arquivo in arquivos:
        texto = arquivo.read_text(encoding="utf-8")
        completo = _indice_de_chaves(texto)
        blocos = _indice_de_blocos(texto)
        esperados = {k: v for k, v in completo.items() if k.endswith("]") and "." not in k}
        assert blocos == esperados, arquivo.name


def test_dupla_condicao_lida_e_conferida(tmp_path: Path) -> None:
    base = BASE.replace('tipo = "concurso_publico"\n', 'tipo = "concurso_publico"\n{DUPLA}\n')
    lido = ler_cenario(
        montar(
            tmp_path,
            base=base.replace("{DUPLA}", 'dupla_condicao = "lista_que_nomeia_antes_senao_pcd"'),
        )
    )
    assert lido.dupla_condicao == "lista_que_nomeia_antes_senao_pcd"
    erro = erros_de(montar(tmp_path, base=base.replace("{DUPLA}", 'dupla_condicao = "sorteio"')))
    assert any(e.chave == "certame.dupla_condicao" for e in erro.erros)


INGLES_DO_TOMLLIB = ("Expected", "Invalid", "Cannot", "Found", "Unclosed", "Unterminated")


@pytest.mark.parametrize(
    ("texto", "linha"),
    [
        ("[certame]\nnome = 'Concurso\n", 2),  # aspas simples sem fechar, no meio do arquivo
        ("[certame]\nnome = 'Concurso", 2),  # ... e no fim do arquivo
        ("[certame]\nnome = '''Concurso\n", 2),
        ('[certame]\nnome = "X"\n[certame]\n', 3),  # tabela declarada duas vezes
        ("[certame]\nnome = 1\n[certame.nome]\n", 3),
        ("[certame]\nx = {a = 1, a = 2}\n", 2),
        ('[certame]\nnome = "a\x01"\n', 2),
        ("[certame]\nnome = 'a\x01'\n", 2),
        ("[certame]\ndata = 2025-13-40\n", 2),
        ('[certame]\nnome = "\\uD800"\n', 2),
    ],
)
def test_erros_de_sintaxe_toml_em_portugues(tmp_path: Path, texto: str, linha: int) -> None:
    """As mensagens em inglês do tomllib não chegam ao usuário; a linha e a coluna, sim."""
    [erro] = erros_de(montar(tmp_path, base=texto)).erros
    assert erro.mensagem.startswith("erro de sintaxe TOML: ")
    assert not any(palavra in erro.mensagem for palavra in INGLES_DO_TOMLLIB), erro.mensagem
    assert (erro.linha, isinstance(erro.coluna, int)) == (linha, True), str(erro)


# Todas as colunas que decidem o resultado (o leitor as exige), para os testes abaixo.
COMPLETO = (
    "inscricao;nome;data_nascimento;cargo;nota;situacao;cor_raca;reserva_negros;pcd;"
    "heteroidentificacao\n"
    "1;Ana;1990-01-01;PROF;8;aprovado;parda;sim;não;confirmado\n"
    "2;Bia;1991-01-01;PROF;7;aprovado;branca;não;não;\n"
    "3;Caio;1992-01-01;ADM;6;aprovado;preta;sim;não;confirmado\n"
)


def test_municipio_e_lei_de_outro_municipio(tmp_path: Path) -> None:
    base = BASE.replace(
        'municipio = "Montenegro/RS"\n',
        'municipio = "Montenegro/RS"\nlei = "mostardas-rs/lei-3920-2019"\n',
    )
    [erro] = erros_de(montar(tmp_path, base=base, candidatos=COMPLETO)).erros
    assert (erro.arquivo, erro.chave, erro.linha) == ("cenario.toml", "certame.lei", 4)
    assert "municipio" in erro.mensagem and "linha 3" in erro.mensagem
    assert "Montenegro/RS" in erro.mensagem and "Mostardas" in erro.mensagem


def test_lei_desconhecida_aponta_a_linha(tmp_path: Path) -> None:
    base = BASE.replace('municipio = "Montenegro/RS"', 'lei = "montenegro-rs/lei-1-2000"')
    [erro] = erros_de(montar(tmp_path, base=base, candidatos=COMPLETO)).erros
    assert (erro.chave, erro.linha) == ("certame.lei", 3)
    assert "montenegro-rs/lei-7344-2025" in erro.mensagem  # as conhecidas


def test_municipio_sem_lei_aponta_a_linha(tmp_path: Path) -> None:
    base = BASE.replace("Montenegro/RS", "Pelotas/RS")
    [erro] = erros_de(montar(tmp_path, base=base, candidatos=COMPLETO)).erros
    assert (erro.chave, erro.linha) == ("certame.municipio", 3)
    assert "Montenegro/RS" in erro.mensagem  # os conhecidos


def test_erros_do_cenario_dos_candidatos_e_dos_eventos_juntos(tmp_path: Path) -> None:
    """O arquivo de candidatos não pôde ser lido: os eventos não foram conferidos, e isso é
    dito uma vez (não calado), junto com os erros do cenário e do arquivo."""
    caminho = montar(
        tmp_path,
        """
        [[eventos]]
        data = 2025-07-01
        tipo = "desistencia"
        inscricao = "99"

        [[eventos]]
        data = 2025-07-02
        tipo = "mudanca"
        """,
        base=BASE.replace("vagas = 1", "vagas = 1.5").replace("candidatos.csv", "lista.pdf"),
    )
    (tmp_path / "lista.pdf").write_text("x")
    erros = erros_de(caminho)
    assert [(e.arquivo, e.chave) for e in erros.erros] == [
        ("cenario.toml", "cargos[2].vagas"),
        ("cenario.toml", "eventos[2].tipo"),
        ("lista.pdf", None),
    ]
    [nota] = erros.nao_conferidos
    assert "eventos" in nota and "lista.pdf" in nota
    assert "Não conferido" in str(erros) and nota in str(erros)


def test_eventos_conferidos_com_as_linhas_lidas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Com erros em algumas linhas, os eventos são conferidos com as linhas que foram lidas."""
    from cotas.arquivos import cenario as modulo
    from cotas.arquivos.erros import ErroEntrada
    from cotas.motor.candidatos import Candidato

    lidos = [Candidato(inscricao="1", nome="Ana", cargo="PROF", nota=Decimal(8), linha=2)]
    linha_ruim = ErroEntrada("candidatos.csv", 3, "nota", "nota inválida")

    def ler(*args: object, **kwargs: object) -> object:
        raise ErrosDeEntrada([linha_ruim], lidos=lidos)

    monkeypatch.setattr(modulo, "ler_candidatos", ler)
    caminho = montar(
        tmp_path,
        """
        [[eventos]]
        data = 2025-07-01
        tipo = "desistencia"
        inscricao = "1"
        cargo = "ADM"

        [[eventos]]
        data = 2025-07-02
        tipo = "desistencia"
        inscricao = "99"
        """,
        candidatos=COMPLETO,
    )
    erros = erros_de(caminho)
    assert [(e.arquivo, e.chave) for e in erros.erros] == [
        ("cenario.toml", "eventos[1].cargo"),
        ("cenario.toml", "eventos[2].inscricao"),
        ("candidatos.csv", None),
    ]
    assert "linhas lidas sem erro" in erros.erros[1].mensagem
    assert erros.nao_conferidos == []


def test_arquivo_de_candidatos_que_e_uma_pasta(tmp_path: Path) -> None:
    caminho = montar(tmp_path, base=BASE.replace("candidatos.csv", "dados"))
    (tmp_path / "dados").mkdir()
    [erro] = erros_de(caminho).erros
    assert (erro.chave, erro.linha) == ("certame.candidatos", 6)
    assert erro.mensagem == '"dados" é uma pasta, não um arquivo'


def test_cenario_fora_do_utf8_aponta_a_linha(tmp_path: Path) -> None:
    caminho = montar(tmp_path)
    caminho.write_bytes(
        BASE.replace('"Concurso 01/2025"', '"Concurso de Mar\xe7o"').encode("cp1252")
    )
    [erro] = erros_de(caminho).erros
    assert (erro.arquivo, erro.linha) == ("cenario.toml", 2)
    assert "UTF-8" in erro.mensagem


def test_eventos_conferidos_com_as_linhas_lidas_pelo_leitor(tmp_path: Path) -> None:
    """O leitor de verdade: uma linha com erro não esconde os erros dos eventos."""
    caminho = montar(
        tmp_path,
        """
        [[eventos]]
        data = 2025-07-01
        tipo = "desistencia"
        inscricao = "99"

        [[eventos]]
        data = 2025-07-02
        tipo = "desistencia"
        inscricao = "1"
        cargo = "ADM"
        """,
        candidatos=COMPLETO.replace("2;Bia;1991-01-01;PROF;7;", "2;Bia;1991-01-01;PROF;sete;"),
    )
    erros = erros_de(caminho)
    assert [(e.arquivo, e.chave or e.coluna, e.linha) for e in erros.erros] == [
        ("cenario.toml", "eventos[1].inscricao", 21),
        ("cenario.toml", "eventos[2].cargo", 27),
        ("candidatos.csv", "nota", 3),
    ]
    assert "linhas lidas sem erro" in erros.erros[0].mensagem
    assert erros.nao_conferidos == []


def test_o_esquema_publicado_e_o_gerado_da_declaracao_do_leitor() -> None:
    """`schema/cenario.schema.json` sai de `formato_do_cenario` (as chaves que o leitor aceita,
    as escolhas do glossário, os grupos das leis): nada escrito à mão ao lado do leitor."""
    from cotas.arquivos import cenario
    from cotas.arquivos.formato_do_cenario import chaves, texto_do_esquema

    publicado = (RAIZ / "schema" / "cenario.schema.json").read_text(encoding="utf-8")
    assert publicado == texto_do_esquema(), (
        "gere de novo: python scripts/gerar_esquema_do_cenario.py"
    )
    assert (
        cenario._CHAVES_CERTAME
        == chaves("certame")
        == tuple(ESQUEMA["properties"]["certame"]["properties"])
    )
    assert len(chaves("certame")) == 15  # (com `edital`, o arquivo do edital)
